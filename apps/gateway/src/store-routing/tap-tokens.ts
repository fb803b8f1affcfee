import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from '../config';
import { GATEWAY_CONFIG, REDIS } from '../tokens';

/** A tap proof stays valid this many minutes after it was issued. */
export const TAP_TOKEN_MINUTES = 30;
const KEY_NAME = 'store-routing:tap-key';

const minuteOf = (at: number) => Math.floor(at / 60_000);

/** The proof for a shop's product issued in `minute`: `{minute base 36}.{HMAC, base64url}`. */
export function signTap(key: Buffer, shopUrl: string, shortCode: string, minute: number): string {
  const mac = createHmac('sha256', key)
    .update(`${shopUrl}\u0000${shortCode}\u0000${minute}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
  return `${minute.toString(36)}.${mac}`;
}

/** Whether `token` is a proof for this product, issued at most TAP_TOKEN_MINUTES ago. */
export function tapValid(
  key: Buffer,
  token: unknown,
  shopUrl: string,
  shortCode: string,
  now: number,
): boolean {
  if (typeof token !== 'string' || token.length > 64) return false;
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{24})$/.exec(token);
  if (!match) return false;
  const minute = parseInt(match[1], 36);
  const age = minuteOf(now) - minute;
  // One minute of clock difference between replicas is forgiven.
  if (age < -1 || age > TAP_TOKEN_MINUTES) return false;
  const expected = Buffer.from(signTap(key, shopUrl, shortCode, minute));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Tap proofs of the product page's store sheet (issue 15): an HMAC over the shop, the product
 * and the minute. The key is TAP_TOKEN_SECRET, or else a random one the first replica puts in
 * Redis for all of them. Neither is ever logged.
 */
@Injectable()
export class TapTokens {
  private key?: Promise<Buffer>;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async issue(shopUrl: string, shortCode: string, now = Date.now()): Promise<string> {
    return signTap(await this.keyOf(), shopUrl, shortCode, minuteOf(now));
  }

  async verify(token: unknown, shopUrl: string, shortCode: string, now = Date.now()) {
    if (token === undefined) return false;
    return tapValid(await this.keyOf(), token, shopUrl, shortCode, now);
  }

  private keyOf(): Promise<Buffer> {
    if (this.config.TAP_TOKEN_SECRET)
      return Promise.resolve(Buffer.from(this.config.TAP_TOKEN_SECRET));
    this.key ??= this.sharedKey().catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  private async sharedKey(): Promise<Buffer> {
    await this.redis.set(KEY_NAME, randomBytes(32).toString('hex'), 'NX');
    const key = await this.redis.get(KEY_NAME);
    if (!key) throw new Error('tap key missing from Redis');
    return Buffer.from(key, 'hex');
  }
}
