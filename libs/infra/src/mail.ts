import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './ports';
import { describeExit, stopProcess } from './processes';
import { waitFor } from './wait';

export interface MailCatcher {
  /** Where the apps send mail (SMTP_URL). */
  smtpUrl: string;
  /** The web inbox, for people; undefined when mail goes to the user's own SMTP server. */
  inboxUrl?: string;
  stop(): Promise<void>;
}

export interface MailDev extends MailCatcher {
  inboxUrl: string;
  /** The REST API base (GET /email, DELETE /email/all), for tests. */
  apiUrl: string;
}

export interface MailDevOptions {
  /** Try MailDev's usual ports (SMTP 1025, web 1080) before spare ones. */
  preferDefaultPorts?: boolean;
}

const DEFAULT_SMTP_PORT = 1025;
const DEFAULT_WEB_PORT = 1080;

/**
 * Development mail: the user's SMTP server when `smtpUrl` (SMTP_URL) is set, else a MailDev
 * whose inbox shows everything the apps send.
 */
export function startMailCatcher(
  options: MailDevOptions & { smtpUrl?: string },
): Promise<MailCatcher> {
  if (options.smtpUrl) return Promise.resolve({ smtpUrl: options.smtpUrl, stop: async () => {} });
  return startMailDev(options);
}

/** Starts MailDev from node_modules in a child process, listening on 127.0.0.1 only. */
export async function startMailDev(options: MailDevOptions = {}): Promise<MailDev> {
  const smtpPort = await findFreePort(options.preferDefaultPorts ? DEFAULT_SMTP_PORT : undefined);
  const webPort = await findFreePort(options.preferDefaultPorts ? DEFAULT_WEB_PORT : undefined);
  const mailDir = mkdtempSync(join(tmpdir(), 'kartlink-maildev-'));
  const child = spawn(
    process.execPath,
    [
      require.resolve('maildev/bin/maildev'),
      ...['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1'],
      ...['--mail-directory', mailDir, '--silent'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const apiUrl = `http://127.0.0.1:${webPort}`;
  const stop = async () => {
    await stopProcess(child, 5_000);
    rmSync(mailDir, { recursive: true, force: true });
  };

  const exited = new AbortController();
  child.once('exit', (code, signal) =>
    exited.abort(new Error(`MailDev stopped (${describeExit({ code, signal })}): ${stderr}`)),
  );
  try {
    await waitFor(async () => (await fetch(`${apiUrl}/healthz`)).ok, {
      timeoutMs: 15_000,
      description: 'MailDev to answer',
      signal: exited.signal,
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://localhost:${webPort}`,
    apiUrl,
    stop,
  };
}
