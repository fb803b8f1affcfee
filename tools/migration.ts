import { SERVICE_NAMES, type ServiceName } from '@kartlink/contracts';
import { loadConfig } from '@kartlink/config';
import { dropDatabase, ensureDatabase, ensureInfrastructure } from '@kartlink/infra';
import * as analytics from '@kartlink/analytics-service/tooling';
import * as auth from '@kartlink/auth-service/tooling';
import * as media from '@kartlink/media-service/tooling';
import * as shop from '@kartlink/shop-service/tooling';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';

/** Each service's data source on a given database, through its package's tooling entry. */
const DATA_SOURCES: Record<ServiceName, (env: NodeJS.ProcessEnv) => DataSourceOptions> = {
  auth: (env) => auth.dataSourceOptions(loadConfig(auth.configSchema, env)),
  shop: (env) => shop.dataSourceOptions(loadConfig(shop.configSchema, env)),
  media: (env) => media.dataSourceOptions(loadConfig(media.configSchema, env)),
  analytics: (env) => analytics.dataSourceOptions(loadConfig(analytics.configSchema, env)),
};

/**
 * `npm run migration -- <service> <Name>`: writes the migration that brings the service's
 * schema in line with its entities. It applies the existing migrations to a scratch database,
 * asks TypeORM for the difference and writes it as a new migration class.
 */
async function main() {
  const [service, name] = process.argv.slice(2) as [ServiceName, string];
  if (!SERVICE_NAMES.includes(service) || !/^[A-Z][A-Za-z0-9]+$/.test(name ?? '')) {
    throw new Error(`Usage: npm run migration -- <${SERVICE_NAMES.join('|')}> <PascalCaseName>`);
  }
  const rootDir = resolve(__dirname, '..');
  // Where the new migration is written: the service's own migrations folder.
  const migrationsDir = join(rootDir, 'apps', `${service}-service`, 'src', 'migrations');

  const infra = await ensureInfrastructure({ rootDir, log: (line) => console.log(line) });
  const scratch = `kartlink_test_migration_${Date.now()}`;
  const url = await ensureDatabase(infra.postgres.url, scratch);
  try {
    const options = DATA_SOURCES[service]({
      ...process.env,
      DATABASE_URL: url,
    }) as DataSourceOptions & {
      schema: string;
    };
    const dataSource = new DataSource(options);
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema}"`);
    await dataSource.runMigrations();
    const sql = await dataSource.driver.createSchemaBuilder().log();
    await dataSource.destroy();
    if (sql.upQueries.length === 0) {
      console.log('The entities match the migrations: nothing to write.');
      return;
    }
    const timestamp = Date.now();
    const className = `${name}${timestamp}`;
    const lines = (queries: typeof sql.upQueries) =>
      queries.map((q) => `    await queryRunner.query(${JSON.stringify(q.query)});`).join('\n');
    const file = join(migrationsDir, `${timestamp}-${name}.ts`);
    writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${lines(sql.upQueries)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${lines(sql.downQueries.reverse())}
  }
}
`,
    );
    console.log(`Wrote ${file}: add ${className} to the service's migrations list.`);
  } finally {
    await dropDatabase(infra.postgres.url, scratch);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
