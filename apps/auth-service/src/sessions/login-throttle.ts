import type { Redis } from 'ioredis';

/** Failed tries an address may make at one e-mail before it has to wait. */
const FREE_LOGIN_TRIES = 5;
const FIRST_WAIT_MS = 30_000;
const LONGEST_WAIT_MS = 15 * 60_000;
/** A record is forgotten after this long without a try. */
const QUIET_RESET_MS = 60 * 60_000;

// Atomic: a try is counted (and the next wait set) before the password is checked, so a burst
// of parallel tries cannot pass more than the free ones. Waits double from 30 s up to 15 min.
const TAKE_TRY = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local tries = tonumber(redis.call('HGET', KEYS[1], 'tries') or '0')
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'next') or '0')
if nowMs < nextAt then return nextAt - nowMs end
tries = tries + 1
local free = tonumber(ARGV[1])
local wait = 0
if tries >= free then
  wait = math.min(tonumber(ARGV[2]) * 2 ^ (tries - free), tonumber(ARGV[3]))
end
redis.call('HSET', KEYS[1], 'tries', tries, 'next', nowMs + wait)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) + wait)
return 0
`;

/**
 * Slows password guessing per client address and e-mail together: five tries are free, then
 * each further one waits twice as long as the last (30 s up to 15 min). Nobody else's tries
 * lock the owner out: they count only against the address they come from.
 */
export class LoginThrottle {
  constructor(private readonly redis: Redis) {}

  /** Counts a try; answers how long to wait in ms when the try may not be made now (else 0). */
  async take(ip: string, email: string): Promise<number> {
    const wait = await this.redis.eval(
      TAKE_TRY,
      1,
      key(ip, email),
      FREE_LOGIN_TRIES,
      FIRST_WAIT_MS,
      LONGEST_WAIT_MS,
      QUIET_RESET_MS,
    );
    return Number(wait);
  }

  /** A right password: the address starts afresh at this e-mail. */
  async clear(ip: string, email: string): Promise<void> {
    await this.redis.del(key(ip, email));
  }
}

const key = (ip: string, email: string) => `login-tries:${ip}:${email}`;

/** "30 seconds", "1 minute", "8 minutes": a wait as a person reads it, rounded up. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
