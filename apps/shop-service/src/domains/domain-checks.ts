import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@kartlink/server-kit';
import type { ShopConfig } from '../config';
import { DomainsService } from './domains.service';

/**
 * The background checks of custom domains: every DOMAIN_CHECK_EVERY_MS each replica takes the
 * domains whose next check is due (FOR UPDATE SKIP LOCKED: never two replicas on one). An
 * unverified domain is retried after DOMAIN_RETRY_MS, doubling up to DOMAIN_RECHECK_MS; a
 * verified one is re-checked every DOMAIN_RECHECK_MS.
 */
@Injectable()
export class DomainChecks implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly domains: DomainsService,
    @Inject(CONFIG) private readonly config: ShopConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), this.config.DOMAIN_CHECK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.timer);
  }

  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while ((await this.domains.checkDue()) > 0);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'domain checks could not run');
    } finally {
      this.running = false;
    }
  }
}
