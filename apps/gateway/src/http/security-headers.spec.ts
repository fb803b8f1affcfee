import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { NONCE_SCRIPT } from '../web/page-html';
import { isPrivateAnswer, securityHeaders } from './security-headers';

/** The pages' one inline script, as the policy names it. */
const NONCE_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(NONCE_SCRIPT).digest('base64')}'`;

/** The headers helmet sends with `config`, on a bare Fastify. */
async function headersWith(config: { PUBLIC_URL: string; TRACKING_TAGS: string }) {
  const fastify = Fastify();
  await fastify.register(fastifyHelmet, securityHeaders(config));
  fastify.get('/', async () => ({ ok: true }));
  const answer = await fastify.inject({ method: 'GET', url: '/' });
  await fastify.close();
  return answer.headers;
}

/** A CSP header as its directives, each with its sources. */
const directivesOf = (csp: unknown) =>
  Object.fromEntries(
    String(csp)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('securityHeaders', () => {
  it('sends HSTS for two years, subdomains included, when the public address is https', async () => {
    const headers = await headersWith({ PUBLIC_URL: 'https://kartlink.in', TRACKING_TAGS: '' });
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    // An http:// picture an owner gave is asked for over https on an https page.
    expect(directivesOf(headers['content-security-policy'])).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('sends no HSTS and upgrades nothing over plain http', async () => {
    const headers = await headersWith({ PUBLIC_URL: 'http://localhost:3000', TRACKING_TAGS: '' });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(directivesOf(headers['content-security-policy'])).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
  });

  it('allows scripts from nowhere but the app itself (and its one inline script) unless a tracking tag is configured', async () => {
    const strict = directivesOf(
      (await headersWith({ PUBLIC_URL: 'https://kartlink.in', TRACKING_TAGS: '' }))[
        'content-security-policy'
      ],
    );
    expect(strict).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'", NONCE_SCRIPT_SOURCE],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });

    const tagged = directivesOf(
      (
        await headersWith({
          PUBLIC_URL: 'https://kartlink.in',
          TRACKING_TAGS: 'google-analytics, meta-pixel',
        })
      )['content-security-policy'],
    );
    expect(tagged['script-src']).toEqual([
      "'self'",
      NONCE_SCRIPT_SOURCE,
      'https://www.googletagmanager.com',
      'https://connect.facebook.net',
    ]);
    expect(tagged['connect-src']).toContain('https://*.google-analytics.com');
    expect(tagged['connect-src']).toContain('https://www.facebook.com');
  });

  it('sends the other headers every answer carries', async () => {
    const headers = await headersWith({ PUBLIC_URL: 'https://kartlink.in', TRACKING_TAGS: '' });
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});

describe('isPrivateAnswer', () => {
  it('is every answer to a bearer token and every sign-in answer', () => {
    expect(
      isPrivateAnswer({ url: '/api/shop/settings', headers: { authorization: 'Bearer x' } }),
    ).toBe(true);
    expect(isPrivateAnswer({ url: '/api/auth/refresh', headers: {} })).toBe(true);
    expect(isPrivateAnswer({ url: '/api/auth?x=1', headers: {} })).toBe(true);
  });

  it('leaves public answers to their own caching', () => {
    expect(isPrivateAnswer({ url: '/api/shop/priya/urls', headers: {} })).toBe(false);
    expect(isPrivateAnswer({ url: '/api/authors', headers: {} })).toBe(false);
    expect(isPrivateAnswer({ url: '/assets/index.js', headers: { cookie: 'kl_viewer=1' } })).toBe(
      false,
    );
  });
});
