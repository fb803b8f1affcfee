import { loadConfig } from '@kartlink/config';
import { createLogger, runServiceMigrations } from '@kartlink/server-kit';
import { DataSource } from 'typeorm';
import { runAdminCommand } from '../src/admin-cli';
import { configSchema } from '../src/config';
import { dataSourceOptions } from '../src/database';

let dataSource: DataSource;
const email = `first.admin.${Date.now()}@example.com`;

beforeAll(async () => {
  const options = dataSourceOptions(loadConfig(configSchema, process.env));
  await runServiceMigrations(options, createLogger('auth-service', 'silent'));
  dataSource = new DataSource(options);
  await dataSource.initialize();
});
afterAll(() => dataSource.destroy());

const roleOf = async (address: string) =>
  (
    (await dataSource.query('SELECT role FROM auth.users WHERE email = $1', [address])) as Array<{
      role: string;
    }>
  )[0]?.role;

describe('the admin command', () => {
  it('creates the first admin with a password from the environment only', async () => {
    await expect(
      runAdminCommand(['create', email, 'Site', 'Owner'], { ADMIN_PASSWORD: 'weak' }, dataSource),
    ).rejects.toThrow('ADMIN_PASSWORD: Password must be at least 8 characters long');
    expect(await roleOf(email)).toBeUndefined();
    await expect(
      runAdminCommand(
        ['create', email, 'Site', 'Owner'],
        { ADMIN_PASSWORD: 'Admin12345' },
        dataSource,
      ),
    ).resolves.toBe(`Created the admin account ${email}.`);
    expect(await roleOf(email)).toBe('admin');
  });

  it('promotes an existing account, and says so when there is none', async () => {
    const user = `someone.${Date.now()}@example.com`;
    await expect(runAdminCommand(['promote', user], {}, dataSource)).rejects.toThrow(
      `No account uses ${user}`,
    );
    await dataSource.query(`INSERT INTO auth.users (email) VALUES ($1)`, [user]);
    await expect(runAdminCommand(['promote', user.toUpperCase()], {}, dataSource)).resolves.toBe(
      `${user} is now an admin.`,
    );
    expect(await roleOf(user)).toBe('admin');
    const audit = (await dataSource.query(
      `SELECT a.type FROM auth.audit_events a JOIN auth.users u ON u.id = a.subject_id WHERE u.email = $1`,
      [user],
    )) as Array<{ type: string }>;
    expect(audit).toEqual([{ type: 'admin.promoted' }]);
  });

  it('explains its usage when called wrongly', async () => {
    await expect(runAdminCommand([], {}, dataSource)).rejects.toThrow(
      'Creates or promotes an admin of Kartlink, or rotates the token signing key.',
    );
    await expect(runAdminCommand(['rotate-keys', '--everything'], {}, dataSource)).rejects.toThrow(
      'rotate-keys [--reencrypt]',
    );
    await expect(runAdminCommand(['rotate-keys'], {}, dataSource)).rejects.toThrow(
      'Set KEY_ENCRYPTION_KEYS: the new signing key is stored encrypted with it.',
    );
    await expect(runAdminCommand(['promote', 'not-an-email'], {}, dataSource)).rejects.toThrow(
      'Please enter a valid email address',
    );
  });
});
