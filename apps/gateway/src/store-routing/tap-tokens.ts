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

/** The cookie that tells the store redirect a signed-in person is who they are. */
export const VIEWER_COOKIE = 'kartlink_viewer';

/** `{userId}.{expiry minute base 36}.{HMAC, base64url}`: whose browser this is, until when. */
export function signViewer(key: Buffer, userId: string, expiresMinute: number): string {
  const mac = createHmac('sha256', key)
    .update(`viewer\u0000${userId}\u0000${expiresMinute}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');
  return `${userId}.${expiresMinute.toString(36)}.${mac}`;
}

/** The user id of a viewer cookie's value that is genuine and not expired, else undefined. */
export function viewerOf(key: Buffer, value: string | undefined, now: number): string | undefined {
  const match = /^([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{24})$/.exec(value ?? '');
  if (!match) return undefined;
  const expires = parseInt(match[2], 36);
  if (expires < minuteOf(now)) return undefined;
  const expected = Buffer.from(signViewer(key, match[1], expires));
  const given = Buffer.from(value!);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? match[1]
    : undefined;
}

/** A cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Tap proofs of the product page's store sheet (issue 15): an HMAC over the shop, the product
 * and the minute; and the viewer cookie set beside a session, by which the store redirect
 * knows the shop's owner when a link is followed (a navigation carries no bearer token). The
 * key is TAP_TOKEN_SECRET, or else a random one the first replica puts in Redis for all of
 * them. Neither is ever logged.
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

  /** Issues proofs for this minute without waiting each time (a shop's whole list needs one a product). */
  async issuer(now = Date.now()): Promise<(shopUrl: string, shortCode: string) => string> {
    const key = await this.keyOf();
    const minute = minuteOf(now);
    return (shopUrl, shortCode) => signTap(key, shopUrl, shortCode, minute);
  }

  async verify(token: unknown, shopUrl: string, shortCode: string, now = Date.now()) {
    if (token === undefined) return false;
    return tapValid(await this.keyOf(), token, shopUrl, shortCode, now);
  }

  /** The viewer cookie's value for a user, valid `maxAgeSeconds`. */
  async viewerCookie(userId: string, maxAgeSeconds: number, now = Date.now()): Promise<string> {
    return signViewer(await this.keyOf(), userId, minuteOf(now + maxAgeSeconds * 1000));
  }

  /** The signed-in person a request's viewer cookie names, if it is genuine. */
  async viewer(cookieHeader: string | undefined, now = Date.now()): Promise<string | undefined> {
    const value = cookieValue(cookieHeader, VIEWER_COOKIE);
    if (!value) return undefined;
    return viewerOf(await this.keyOf(), value, now);
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
