import 'reflect-metadata';
import { emailProblem, normalizeEmail, passwordProblem } from '@kartlink/contracts';
import { loadServiceConfig } from '@kartlink/server-kit';
import { DataSource } from 'typeorm';
import { AuditEventEntity } from './admin/audit-event.entity';
import { configSchema } from './config';
import { hashSecret } from './crypto/hashing';
import { KeyRing } from './crypto/key-encryption';
import { dataSourceOptions } from './database';
import { SigningKeyEntity } from './keys/signing-key.entity';
import { KEY_ACTIVATION_MS, SigningKeyStore } from './keys/signing-key.store';
import { UserEntity } from './users/user.entity';

const USAGE = `Creates or promotes an admin of Kartlink, or rotates the token signing key.

  node apps/auth-service/dist/admin-cli.js promote <email>
      makes the existing account <email> an admin
  ADMIN_PASSWORD=… node apps/auth-service/dist/admin-cli.js create <email> [display name]
      creates the account as an admin (password from ADMIN_PASSWORD, never from arguments)
  node apps/auth-service/dist/admin-cli.js rotate-keys [--reencrypt]
      makes a new signing key (it signs from a minute on; the old one is published until its
      tokens expire); --reencrypt also re-encrypts every stored key under the first
      KEY_ENCRYPTION_KEYS entry, after which older entries may be removed

It uses the service's own DATABASE_URL and KEY_ENCRYPTION_KEYS (default: the local product database).`;

/** Runs the command; answers what to print, or throws a message for people. */
export async function runAdminCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  dataSource: DataSource,
): Promise<string> {
  const [command, rawEmail, ...nameParts] = args;
  if (command === 'rotate-keys') return rotateKeys(args.slice(1), env, dataSource);
  if (!['promote', 'create'].includes(command ?? '') || !rawEmail) throw new Error(USAGE);
  const problem = emailProblem(rawEmail);
  if (problem) throw new Error(problem);
  const email = normalizeEmail(rawEmail);
  const users = dataSource.getRepository(UserEntity);
  const existing = await users.findOneBy({ email });

  if (command === 'promote') {
    if (!existing) throw new Error(`No account uses ${email}. Sign up first, or use "create".`);
    if (existing.role === 'admin') return `${email} is already an admin.`;
    existing.role = 'admin';
    await users.save(existing);
    await dataSource
      .getRepository(AuditEventEntity)
      .insert({ type: 'admin.promoted', subjectId: existing.id, details: { by: 'admin-cli' } });
    return `${email} is now an admin.`;
  }

  if (existing) throw new Error(`${email} already has an account: use "promote".`);
  const password = env.ADMIN_PASSWORD ?? '';
  const weak = passwordProblem(password);
  if (weak) throw new Error(`ADMIN_PASSWORD: ${weak}`);
  const user = await users.save(
    users.create({
      email,
      displayName: nameParts.join(' ') || null,
      passwordHash: await hashSecret(password),
      role: 'admin',
    }),
  );
  await dataSource.getRepository(AuditEventEntity).insert({
    type: 'admin.promoted',
    subjectId: user.id,
    details: { by: 'admin-cli', created: true },
  });
  return `Created the admin account ${email}.`;
}

async function rotateKeys(
  options: string[],
  env: NodeJS.ProcessEnv,
  dataSource: DataSource,
): Promise<string> {
  const reencrypt = options.includes('--reencrypt');
  if (options.some((option) => option !== '--reencrypt')) throw new Error(USAGE);
  const ring = KeyRing.parse(env.KEY_ENCRYPTION_KEYS ?? '');
  if (!ring)
    throw new Error('Set KEY_ENCRYPTION_KEYS: the new signing key is stored encrypted with it.');
  const store = new SigningKeyStore(dataSource.getRepository(SigningKeyEntity), ring);
  const reencrypted = reencrypt ? await store.reencryptAll() : await store.encryptPlaintext();
  const { kid, retired } = await store.rotate();
  await dataSource.getRepository(AuditEventEntity).insert({
    type: 'signing-key.rotated',
    details: { by: 'admin-cli', kid, kek: ring.currentId, reencrypted, retired },
  });
  return [
    `New signing key ${kid}: it signs from ${KEY_ACTIVATION_MS / 1000} s on.`,
    ...(reencrypt ? [`Re-encrypted ${reencrypted} stored key(s) under "${ring.currentId}".`] : []),
    ...(retired > 0 ? [`Retired ${retired} key(s) whose tokens have expired.`] : []),
  ].join('\n');
}

async function main() {
  const config = loadServiceConfig('auth-service', configSchema);
  const dataSource = new DataSource(dataSourceOptions(config));
  await dataSource.initialize();
  try {
    console.log(await runAdminCommand(process.argv.slice(2), process.env, dataSource));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) void main();
