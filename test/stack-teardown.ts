import '../libs/testing/src/workspace-aliases';
import { takeFromSetup } from '@kartlink/testing';
import type { LaunchedStack } from './stack-setup';

export default async function stackTeardown(): Promise<void> {
  const launched = takeFromSetup<LaunchedStack>('stack');
  if (!launched) return;
  await launched.stack.stop();
  await launched.cleanupRun();
}
