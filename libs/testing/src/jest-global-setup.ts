// Must come first: lets the imports below resolve @kartlink/* to TypeScript sources.
import './workspace-aliases';
import { resolve } from 'node:path';
import { keepForTeardown } from './global-state';
import { provisionTestRun } from './test-run';

/** Integration project: real PostgreSQL, Redis, NATS and MailDev, isolated for this run. */
export default async function integrationSetup(): Promise<void> {
  const run = await provisionTestRun({
    rootDir: resolve(__dirname, '../../..'),
    databasePrefix: 'kartlink_test',
  });
  keepForTeardown('integration', run);
  Object.assign(process.env, run.env);
  console.log(`\n${run.summary}`);
}
