import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Events, type ProductClicksChanged } from '@kartlink/contracts';
import {
  CONFIG,
  ensureAnalyticsStream,
  LOGGER,
  type Logger,
  NatsRequester,
  untilJetStreamAnswers,
} from '@kartlink/server-kit';
import { JSONCodec, type JetStreamClient } from 'nats';
import type { EntityManager } from 'typeorm';
import type { AnalyticsConfig } from '../config';
import { repeatTaps } from './fold';
import { type FoldLane, RollupsRepository } from './rollups.repository';

/**
 * One fold run stops taking new batches after this long, leaving the rest to the next run. Only
 * a backlog runs that long (a run ends at its first batch short of the limit); the click totals
 * are announced once a run, so a longer run announces each product less often while catching up:
 * 15 s folded a 300,000-event backlog at 8,159–8,530 events/s against 7,552–7,793 with 5 s
 * (`BENCH_ONLY=rollups npm run bench -- large`, paired runs), shop-service's click counts then
 * at most a run behind.
 */
const FOLD_RUN_BUDGET_MS = 15_000;
/**
 * A fold run folds this many lanes side by side (each in a transaction of its own, on a
 * connection of its own): the lanes are the visitors' (FoldLane), so they never wait on each
 * other's taps; they take turns only on the rollup rows both write (a shop's day, a product's).
 */
export const FOLD_LANES = 2;
const ANNOUNCE_CHUNK = 500;
const codec = JSONCodec<ProductClicksChanged>();

/**
 * Folds stored events into the rollups, exactly once each: a batch is taken (its queue rows
 * deleted), its repeated taps found, and added to the rollups in one transaction, so a crash
 * folds it again or not at all. The batch is summed by PostgreSQL (RollupsRepository.applyBatch);
 * only its people's clicks come here, for the repeated taps and the sources of their visits.
 * Then tells shop-service the new click totals of the products it touched.
 */
@Injectable()
export class RollupsService implements OnApplicationBootstrap, OnModuleDestroy {
  private jetstream?: JetStreamClient;
  /** Set when the app begins to stop: a run under way ends after its batch in hand. */
  private stopping = false;
  /** The announcement of click totals under way, beside the folds (announceBesideFolds). */
  private announcing?: Promise<void>;
  /** A fold finished while an announcement was under way: it goes round once more. */
  private announceAgain = false;

  constructor(
    private readonly rollups: RollupsRepository,
    private readonly services: NatsRequester,
    @Inject(CONFIG) private readonly config: AnalyticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** On the app's connection, which closes after the rollup worker stopped (RollupJobs). */
  async onApplicationBootstrap() {
    const connection = await this.services.connection();
    await untilJetStreamAnswers(
      async () =>
        ensureAnalyticsStream(
          await connection.jetstreamManager(),
          this.config.NATS_SUBJECT_PREFIX,
          {
            replicas: this.config.JETSTREAM_REPLICAS,
            logger: this.logger,
          },
        ),
      this.logger,
    );
    this.jetstream = connection.jetstream();
  }

  /** Stops taking batches; an announcement under way ends (what it did not clear stays owed). */
  async onModuleDestroy() {
    this.stopping = true;
    await this.announcing;
  }

  /**
   * Folds what is waiting (within a time budget), then has the click totals it changed announced
   * beside the next run; answers events folded.
   */
  async fold(): Promise<number> {
    const started = Date.now();
    const lanes = Array.from({ length: FOLD_LANES }, (_, index) => ({ index, of: FOLD_LANES }));
    // Every lane runs to its end (a failed one keeps its batch queued) before this answers.
    const runs = await Promise.allSettled(lanes.map((lane) => this.foldLane(lane, started)));
    const failed = runs.find((run) => run.status === 'rejected');
    const folded = runs.reduce((sum, run) => sum + (run.status === 'fulfilled' ? run.value : 0), 0);
    if (folded > 0) this.logger.debug({ folded }, 'events folded into the rollups');
    this.announceBesideFolds();
    if (failed) throw failed.reason;
    return folded;
  }

  /** Folds a lane's events, batch after batch, until it is empty or the run's time is up. */
  private async foldLane(lane: FoldLane, started: number): Promise<number> {
    const limit = this.config.ANALYTICS_FOLD_BATCH;
    let folded = 0;
    for (;;) {
      const taken = await this.rollups.transaction(async (manager) => {
        const count = await this.rollups.takeBatch(
          manager,
          limit,
          this.config.ANALYTICS_TIMEZONE,
          lane,
        );
        if (count > 0) {
          await this.people(manager, lane);
          await this.rollups.applyBatch(manager);
        }
        return count;
      });
      folded += taken;
      if (taken < limit || Date.now() - started > FOLD_RUN_BUDGET_MS || this.stopping) break;
    }
    return folded;
  }

  /**
   * Announces the click totals owed without holding up the next fold run: while a backlog is
   * folded, announcing the tens of thousands of products a run touched took a quarter of the
   * time the fold had (`BENCH_ONLY=rollups npm run bench -- large`). One announcement at a time
   * per replica; a fold that ends meanwhile has it go round once more. Owed totals are kept in
   * click_total_outbox until the stream stored them, so an announcement cut short by a failure
   * or a stop loses nothing: the next one sends them.
   */
  private announceBesideFolds() {
    if (this.stopping) return;
    if (this.announcing) {
      this.announceAgain = true;
      return;
    }
    this.announcing = (async () => {
      do {
        this.announceAgain = false;
        await this.announceTotals();
      } while (this.announceAgain && !this.stopping);
    })()
      .catch((err: unknown) =>
        this.logger.warn({ err }, 'click totals not announced; the next fold announces them'),
      )
      .finally(() => {
        this.announcing = undefined;
      });
  }

  /**
   * The batch's clicks as they count: repeated taps marked (and stored as such), and a click
   * with no source of its own ("direct": the tracked redirect's referrer is our own page) given
   * the source of the visit it came from. Only the people's clicks leave the database.
   */
  private async people(manager: EntityManager, lane: FoldLane): Promise<void> {
    const clicks = await this.rollups.batchClicks(manager);
    if (clicks.length === 0) return;
    const repeats = repeatTaps(clicks, await this.rollups.countedClicksNear(manager, clicks, lane));
    // A repeated tap counts nowhere but in the taps: it needs no source.
    const sources = await this.rollups.sourcesOfVisits(
      manager,
      clicks.filter((c) => !repeats.has(c.id) && c.source === 'direct'),
    );
    await this.rollups.settleClicks(manager, [...repeats], sources);
  }

  /**
   * Publishes `{ productId, clicks }` for each product owed: absolute totals, so a repeat or an
   * out-of-order delivery cannot count anything twice. Cleared only after the stream stored it.
   */
  async announceTotals(): Promise<number> {
    if (!this.jetstream) return 0;
    let announced = 0;
    for (;;) {
      const owed = await this.rollups.owedTotals(ANNOUNCE_CHUNK);
      if (owed.length === 0) break;
      const subject = `${this.config.NATS_SUBJECT_PREFIX}${Events.productClicks}`;
      await Promise.all(
        owed.map(({ productId, clicks }) =>
          this.jetstream!.publish(subject, codec.encode({ productId, clicks }), {
            msgID: `${productId}:${clicks}`,
          }),
        ),
      );
      await this.rollups.settleTotals(owed);
      announced += owed.length;
      if (owed.length < ANNOUNCE_CHUNK || this.stopping) break;
    }
    return announced;
  }

  async prune(): Promise<number> {
    const deleted = await this.rollups.prune(this.config.ANALYTICS_RETENTION_DAYS);
    if (deleted > 0) this.logger.info({ deleted }, 'raw events past the retention deleted');
    return deleted;
  }
}
