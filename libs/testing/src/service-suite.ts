import type { DynamicModule } from '@nestjs/common';
import { type ServiceHealth, type ServiceName, Subjects } from '@kartlink/contracts';
import type { ConfigOf, Schema } from '@kartlink/config';
import type { Logger } from '@kartlink/server-kit';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { schemaDrift, startServiceForTest } from './service-harness';

interface ServiceUnderTest<S extends Schema> {
  service: ServiceName;
  schema: S;
  module: (config: ConfigOf<S>, logger: Logger) => DynamicModule;
  dataSource: (config: ConfigOf<S>) => DataSourceOptions;
}

/**
 * The wiring every service must prove: its migrations apply to a fresh database, match its
 * entities, and it answers its health subject over real NATS after checking PostgreSQL.
 */
export function describeServiceWiring<S extends Schema>(target: ServiceUnderTest<S>) {
  describe(`${target.service}-service wiring`, () => {
    let running: Awaited<ReturnType<typeof startServiceForTest<S>>>;

    beforeAll(async () => {
      running = await startServiceForTest(target);
    });
    afterAll(async () => {
      await running?.close();
    });

    it('answers its health subject over NATS after checking its database', async () => {
      const health = await running.request<ServiceHealth>(Subjects.health(target.service));
      expect(health).toMatchObject({
        service: target.service,
        status: 'ok',
        checks: { database: { ok: true, pendingMigrations: 0 } },
      });
    });

    it(`keeps its tables in its own schema "${target.service}"`, async () => {
      const rows: Array<{ table_schema: string }> = await running.app
        .get(DataSource)
        .query(
          `SELECT table_schema FROM information_schema.tables WHERE table_name = 'migrations'`,
        );
      expect(rows.map((r) => r.table_schema)).toContain(target.service);
    });

    it('has migrations that match its entities (no drift)', async () => {
      expect(await schemaDrift(target.dataSource(running.config))).toEqual([]);
    });
  });
}
