import { WEBHOOK_TOLERANCE_SECONDS } from '@kartlink/contracts';
import { configSchema } from '../config';
import {
  newWebhookSecret,
  retrySpanMs,
  signatureHeader,
  verifySignature,
} from './webhook-signature';

describe('webhook signatures', () => {
  const secret = newWebhookSecret();
  const body = JSON.stringify({ id: 'e1', type: 'product.created', data: { title: 'Kurta' } });
  const now = 1_800_000_000;

  it('verifies a body signed with the endpoint secret at a recent time', () => {
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    const header = signatureHeader(secret, now, body);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature(secret, header, body, now + 10)).toBe(true);
  });

  it('refuses another body, another secret, and a timestamp outside the replay window', () => {
    const header = signatureHeader(secret, now, body);
    expect(verifySignature(secret, header, `${body} `, now)).toBe(false);
    expect(verifySignature(newWebhookSecret(), header, body, now)).toBe(false);
    expect(verifySignature(secret, header, body, now + WEBHOOK_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(verifySignature(secret, 'garbage', body, now)).toBe(false);
  });

  it('retries a delivery for about a day with the default settings', () => {
    const attempts = configSchema.WEBHOOK_ATTEMPTS.default as number;
    const backoff = configSchema.WEBHOOK_BACKOFF_MS.default as number;
    const hours = retrySpanMs(attempts, backoff) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(26);
  });
});
