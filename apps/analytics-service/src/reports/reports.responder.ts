import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type AnalyticsRangeQuery, type Caller, queueGroupOf, Subjects } from '@kartlink/contracts';
import { CONFIG, DirectResponder, LOGGER, type Logger, NatsRequester } from '@kartlink/server-kit';
import type { AnalyticsConfig } from '../config';
import { ReportsService } from './reports.service';

type RangeRequest = { caller: Caller; query?: AnalyticsRangeQuery; known?: unknown; id: string };

/**
 * The owner's reports, each answered on a plain subscription in analytics-service's queue group
 * (server-kit direct-responder.ts): an owner reading a dashboard asks several at once, and
 * Nest's per-message machinery was a good part of each read's cost. Asked and answered as
 * Nest's packets, as a message handler is.
 */
@Injectable()
export class ReportsResponder implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly responders: DirectResponder[];

  constructor(
    reports: ReportsService,
    private readonly services: NatsRequester,
    @Inject(CONFIG) config: AnalyticsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    const answer = (subject: string, handle: (request: RangeRequest) => Promise<unknown>) =>
      new DirectResponder({
        subject: `${config.NATS_SUBJECT_PREFIX}${subject}`,
        queue: queueGroupOf('analytics'),
        logger,
        handle: (data) => handle(data as RangeRequest),
      });
    const knownOf = (known: unknown) => (typeof known === 'string' ? known : undefined);
    this.responders = [
      answer(Subjects.analytics.overview, ({ caller, query, known }) =>
        reports.overview(caller, query ?? {}, knownOf(known)),
      ),
      answer(Subjects.analytics.products, ({ caller, query, known }) =>
        reports.productClicks(caller, query ?? {}, knownOf(known)),
      ),
      answer(Subjects.analytics.product, ({ caller, id, query, known }) =>
        reports.product(caller, id, query ?? {}, knownOf(known)),
      ),
      answer(Subjects.analytics.exportCsv, ({ caller, query, known }) =>
        reports.exportCsv(caller, query ?? {}, knownOf(known)),
      ),
      answer(Subjects.analytics.exportProductsCsv, ({ caller, query, known }) =>
        reports.exportProductsCsv(caller, query ?? {}, knownOf(known)),
      ),
    ];
  }

  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    for (const responder of this.responders) responder.start(connection);
  }

  /** After the Nest server's own drain (NestMicroservice.close), before the pools close. */
  async onModuleDestroy() {
    await Promise.all(this.responders.map((responder) => responder.stop()));
  }
}
