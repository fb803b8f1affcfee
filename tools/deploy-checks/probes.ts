import { runCommand } from '@kartlink/infra';
import { join } from 'node:path';
import type { Checker } from './checker';

/** The script the services' probes run parses. */
export async function checkProbeScript(checker: Checker, rootDir: string): Promise<string> {
  const script = join(rootDir, 'deploy', 'probes', 'service-health.mjs');
  const result = await runCommand(process.execPath, ['--check', script], { timeoutMs: 20_000 });
  checker.check(
    'probes',
    'deploy/probes/service-health.mjs parses',
    result.code === 0 ? [] : [result.output],
  );
  return 'probes: deploy/probes/service-health.mjs';
}
