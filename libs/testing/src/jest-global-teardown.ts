import './workspace-aliases';
import { takeFromSetup } from './global-state';
import type { TestRun } from './test-run';

export default async function integrationTeardown(): Promise<void> {
  await takeFromSetup<TestRun>('integration')?.cleanup();
}
