import { constants } from 'node:os';
import type { Logger } from './logger';

export interface GracefulShutdownOptions {
  logger: Logger;
  /** SHUTDOWN_TIMEOUT_MS: past this the process exits anyway, with code 1. */
  timeoutMs: number;
  /** Stops taking work, lets the work in hand finish, then closes the connections. */
  close: () => Promise<void>;
  /** Ends the process; tests pass their own. */
  exit?: (code: number) => void;
}

/**
 * The one shutdown of an app process. The first SIGTERM or SIGINT starts it: `close` runs,
 * and the process exits 0 once it resolved, or 1 when it failed or outlasted the budget (the
 * orchestrator would kill the process soon after anyway). A second signal ends the process at
 * once, with the shell's code for that signal.
 */
export class GracefulShutdown {
  private startedAt?: number;
  private exited = false;

  constructor(private readonly options: GracefulShutdownOptions) {}

  /** Replaces the signals' default (an immediate exit) with this shutdown. */
  listen(signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): this {
    for (const signal of signals) process.on(signal, () => void this.begin(signal));
    return this;
  }

  async begin(signal: NodeJS.Signals): Promise<void> {
    const { logger, timeoutMs } = this.options;
    if (this.startedAt !== undefined) {
      logger.warn({ signal }, 'second signal while shutting down: exiting at once');
      return this.exit(128 + (constants.signals[signal] ?? 0));
    }
    this.startedAt = performance.now();
    logger.info(
      { signal, timeoutMs },
      'shutting down: taking no new work, finishing the work in hand',
    );
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish in time: exiting anyway');
      this.exit(1);
    }, timeoutMs);
    try {
      await this.options.close();
      logger.info({ durationMs: this.elapsedMs() }, 'shut down');
      this.exit(0);
    } catch (err) {
      logger.error({ err, durationMs: this.elapsedMs() }, 'shutdown failed');
      this.exit(1);
    } finally {
      clearTimeout(timer);
    }
  }

  private elapsedMs() {
    return Math.round(performance.now() - this.startedAt!);
  }

  private exit(code: number) {
    if (this.exited) return;
    this.exited = true;
    (this.options.exit ?? process.exit)(code);
  }
}
