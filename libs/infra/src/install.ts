import { existsSync } from 'node:fs';
import { runCommand, type CommandResult } from './processes';
import { INFRA_LABELS, type InfraKind } from './urls';

export const DEBIAN_PACKAGES: Record<InfraKind, string> = {
  postgres: 'postgresql',
  redis: 'redis-server',
  nats: 'nats-server',
};

const HOMEBREW_PACKAGES: Record<InfraKind, string> = {
  postgres: 'postgresql',
  redis: 'redis',
  nats: 'nats-server',
};

/** What to install so that the start command can run the missing services itself. */
export function installAdvice(missing: readonly InfraKind[]): string {
  const names = missing.map((kind) => INFRA_LABELS[kind]).join(', ');
  const debian = missing.map((kind) => DEBIAN_PACKAGES[kind]).join(' ');
  const brew = missing.map((kind) => HOMEBREW_PACKAGES[kind]).join(' ');
  return [
    `${names}: not reachable and not installed.`,
    'Install them, then run the command again:',
    `  Debian/Ubuntu:  sudo apt-get install -y ${debian}`,
    `  macOS:          brew install ${brew}`,
    'or point the apps at running servers with DATABASE_URL, REDIS_URL and NATS_URL.',
  ].join('\n');
}

/** apt-get can install packages without asking: we are root on a Debian-like system. */
export function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

/** `apt-get update && apt-get install -y <packages>`, non-interactive. */
export async function aptInstall(
  packages: readonly string[],
  options: { echo?: boolean } = {},
): Promise<CommandResult> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await runCommand('apt-get', ['update'], { env, echo: options.echo });
  if (update.code !== 0) return update;
  return runCommand('apt-get', ['install', '-y', ...packages], { env, echo: options.echo });
}
