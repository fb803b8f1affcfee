import 'reflect-metadata';
import { emailProblem, normalizeEmail, passwordProblem } from '@kartlink/contracts';
import { loadServiceConfig } from '@kartlink/server-kit';
import { DataSource } from 'typeorm';
import { AuditEventEntity } from './admin/audit-event.entity';
import { configSchema } from './config';
import { hashSecret } from './crypto/hashing';
import { dataSourceOptions } from './database';
import { UserEntity } from './users/user.entity';

const USAGE = `Creates or promotes an admin of Kartlink.

  node apps/auth-service/dist/admin-cli.js promote <email>
      makes the existing account <email> an admin
  ADMIN_PASSWORD=… node apps/auth-service/dist/admin-cli.js create <email> [display name]
      creates the account as an admin (password from ADMIN_PASSWORD, never from arguments)

It uses the service's own DATABASE_URL (default: the local product database).`;

/** Runs the command; answers what to print, or throws a message for people. */
export async function runAdminCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
  dataSource: DataSource,
): Promise<string> {
  const [command, rawEmail, ...nameParts] = args;
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
