import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@kartlink/contracts';

/** A new endpoint's signing secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The Kartlink-Signature header of a body sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * What a receiver does (the README's snippet, the same steps): the signature matches and its
 * timestamp is within the replay window.
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => p.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Total time the retries of a delivery span, BullMQ's exponential backoff: base·(2^(n-1)−1). */
export const retrySpanMs = (attempts: number, backoffMs: number) =>
  backoffMs * (2 ** (attempts - 1) - 1);
