import { hash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { dayIn } from '@kartlink/contracts';

/**
 * A visitor's id for one day: a hash of the day's random salt, the client address and the
 * user agent. The same person on the same day gives the same id; the address itself is never
 * stored, and once the salt is gone the id cannot be traced back to it.
 */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  // One call on the joined text: a hash object fed piece by piece cost twice as much per click.
  return hash('sha256', `${salt}\u0000${ip}\u0000${userAgent}`, 'hex').slice(0, 32);
}

const SALT_TTL_SECONDS = 2 * 24 * 3600;

/**
 * The salt of the reporting day, shared by every gateway replica through Redis (the first
 * replica to need it creates it) and held in memory for the rest of the day.
 */
export class DailySalt {
  private current?: { day: string; salt: string; retryAt?: number };
  private loading?: Promise<string>;
  /** The day, read again at most once a second (formatting it was a cost of every click). */
  private today?: { day: string; at: number };

  constructor(
    private readonly redis: Redis,
    private readonly timeZone: string,
  ) {}

  async get(now = new Date()): Promise<string> {
    return this.cached(now.getTime()) ?? this.loaded(this.today!.day);
  }

  /**
   * The day's salt when it is in memory (nearly always), without a promise: the click path asks
   * it once per click. Undefined when it has to be read from Redis first (`get`).
   */
  cached(at = Date.now()): string | undefined {
    if (!this.today || at < this.today.at || at - this.today.at >= 1000)
      this.today = { day: dayIn(this.timeZone, new Date(at)), at };
    const { day } = this.today;
    const current = this.current;
    if (current?.day === day && (!current.retryAt || current.retryAt > Date.now()))
      return current.salt;
    return undefined;
  }

  private loaded(day: string): Promise<string> {
    this.loading ??= this.load(day).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(day: string): Promise<string> {
    const key = `analytics:visitor-salt:${day}`;
    const fresh = randomBytes(32).toString('hex');
    try {
      await this.redis.set(key, fresh, 'EX', SALT_TTL_SECONDS, 'NX');
      const salt = (await this.redis.get(key)) ?? fresh;
      this.current = { day, salt };
      return salt;
    } catch {
      // Redis is away: a salt of this replica alone keeps visits recorded (uniques may be
      // counted once per replica meanwhile); Redis is asked again in a while.
      const salt = this.current?.day === day ? this.current.salt : fresh;
      this.current = { day, salt, retryAt: Date.now() + 30_000 };
      return salt;
    }
  }
}
