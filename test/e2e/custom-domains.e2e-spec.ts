import type {
  CreatedApiKey,
  CustomDomain,
  CustomDomainAnswer,
  Product,
  Shop,
} from '@kartlink/contracts';
import { pgQuery, stackBaseUrl, waitFor } from '@kartlink/testing';
import jsQR from 'jsqr';
import { randomInt } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PNG } from 'pngjs';
import { testDns } from '../support/dns-server';
import { HtmlPage } from '../support/html';
import { startSecondGateway, type SecondGateway } from '../support/second-gateway';
import { signUp, Visitor } from '../support/auth-client';

// Custom domains against the whole built stack. shop-service checks DNS against the test DNS
// server test/stack-setup.ts starts (DNS_SERVERS), whose records each test sets; the ingress
// host is ingress.kartlink.test (CUSTOM_DOMAIN_TARGET); background checks come within a second
// and a verified domain whose records went is failed after 2 s (DOMAIN_GRACE_MS).
jest.setTimeout(60_000);

const TARGET = 'ingress.kartlink.test';
const unique = (label: string) => `${label}-${Date.now().toString(36)}-${randomInt(1e6)}`;

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** A request to the gateway with a Host of our choosing (fetch forbids setting Host). */
function atHost(
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; gateway?: string } = {},
): Promise<Raw> {
  const base = new URL(options.gateway ?? stackBaseUrl());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? 'GET',
        headers: {
          host,
          'x-forwarded-for': `10.9.${randomInt(256)}.${randomInt(1, 255)}`,
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString(),
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function premiumShopOwner(label: string) {
  const owner = new Visitor();
  const { email } = await signUp(owner);
  const shopUrl = unique(label);
  const shop = await owner.call<Shop>('PUT', '/shop/settings', {
    shopUrl,
    shopName: 'Meera Finds',
    shopDescription: 'Hand-picked kurtas',
    setupCompleted: true,
    isShopPublic: true,
  });
  expect(shop.status).toBe(200);
  const premium = async () =>
    pgQuery(`UPDATE auth.users SET plan = 'premium' WHERE email = $1`, [email]);
  return { owner, email, shopUrl, premium };
}

const domainOf = (label: string) => `${unique(label)}.example.com`;

/** Sets both records right for a domain (as the owner would at their DNS provider). */
async function createRecords(domain: string, token: string) {
  await testDns.set(domain, { CNAME: TARGET });
  await testDns.set(`_kartlink.${domain}`, { TXT: [token] });
}

const txtValueOf = (d: CustomDomain) => d.records.find((r) => r.type === 'TXT')!.value;

function decodePng(bytes: Buffer): string {
  const png = PNG.sync.read(bytes);
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error('no QR code found in the picture');
  return found.data;
}

describe('custom domains', () => {
  const main = () => new URL(stackBaseUrl()).host;

  it('is for Premium: the free plan is told to upgrade, and nothing is stored', async () => {
    const { owner } = await premiumShopOwner('dom-free');
    const refused = await owner.call('PUT', '/shop/domain', { domain: domainOf('free') });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      errorCode: 'FORBIDDEN',
      error: 'Upgrade to Premium to use your own domain',
    });
    const answer = await owner.call<CustomDomainAnswer>('GET', '/shop/domain');
    expect(answer.body.data).toEqual({ customDomain: null, allowed: false });
    // Signed out: 401.
    expect((await new Visitor().call('GET', '/shop/domain')).status).toBe(401);
  });

  it('refuses what is not a domain of the owner’s own, with a message for each', async () => {
    const { owner, premium } = await premiumShopOwner('dom-valid');
    await premium();
    const refusal = async (domain: unknown) => {
      const answer = await owner.call('PUT', '/shop/domain', { domain });
      expect(answer.status).toBe(400);
      return (answer.body as { errors?: Array<{ path: string; msg: string }> }).errors?.[0];
    };
    const notADomain = {
      path: 'domain',
      msg: 'Enter a domain name such as shop.example.com, without https:// or a path.',
    };
    expect(await refusal('https://shop.example.com/kurtas')).toEqual(notADomain);
    expect(await refusal('shop.example.com:8443')).toEqual(notADomain);
    expect(await refusal('localhost')).toEqual(notADomain);
    expect(await refusal('-shop.example.com')).toEqual(notADomain);
    expect(await refusal('')).toEqual({
      path: 'domain',
      msg: 'Enter a domain such as shop.example.com.',
    });
    expect(await refusal('203.0.113.7')).toEqual({
      path: 'domain',
      msg: 'Enter a domain name, not an IP address.',
    });
    // The product's own hosts (the ingress's included) are not anyone's shop.
    const own = {
      path: 'domain',
      msg: 'This address belongs to Kartlink itself. Enter a domain of your own.',
    };
    expect(await refusal(`shops.${TARGET}`)).toEqual(own);
    expect(await refusal(TARGET.toUpperCase())).toEqual(own);
    // Nothing was stored.
    expect((await owner.call<CustomDomainAnswer>('GET', '/shop/domain')).body.data).toEqual({
      customDomain: null,
      allowed: true,
    });
    // An international name is kept in punycode, lower-cased, without its trailing dot.
    const idn = `Bücher.shop-${randomInt(1e6)}.Example.`;
    const saved = await owner.call<CustomDomain>('PUT', '/shop/domain', { domain: idn });
    expect(saved.status).toBe(200);
    expect(saved.body.data!.domain).toBe(new URL(`http://${idn.slice(0, -1)}`).hostname);
    expect(saved.body.data!.domain).toMatch(/^xn--bcher-kva\.shop-\d+\.example$/);
  });

  it('shows the records, says which one is missing or wrong, then verifies and serves the shop at the domain', async () => {
    const { owner, shopUrl, premium } = await premiumShopOwner('dom-serve');
    await premium();
    const created = await owner.post<Product>('/urls', {
      title: 'Block-print cotton kurta',
      description: 'Hand block-printed in Jaipur',
      brand: 'Meera',
      price: 1299,
      originalURLs: ['https://www.amazon.in/dp/B0KURTA1', 'https://www.myntra.com/kurta/123'],
    });
    expect(created.body).toMatchObject({ success: true });
    const { shortCode } = created.body.data!;
    const domain = domainOf('shop');

    const added = await owner.call<CustomDomain>('PUT', '/shop/domain', {
      domain: ` ${domain.toUpperCase()} `,
    });
    expect(added.status).toBe(200);
    const pending = added.body.data!;
    expect(pending).toMatchObject({
      domain,
      status: 'pending',
      problem: null,
      lastCheckedAt: null,
      verifiedAt: null,
      url: null,
    });
    expect(pending.records).toEqual([
      { type: 'CNAME', name: domain, value: TARGET, ok: null },
      {
        type: 'TXT',
        name: `_kartlink.${domain}`,
        value: expect.stringMatching(/^kartlink-verify=[0-9a-f]{32}$/),
        ok: null,
      },
    ]);
    // Another shop cannot claim it.
    const rival = await premiumShopOwner('dom-rival');
    await rival.premium();
    const taken = await rival.owner.call('PUT', '/shop/domain', { domain });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'This domain is already used by another shop.' });

    // Not served while unverified: the host is unknown.
    expect((await atHost(domain, '/')).status).toBe(404);

    const verify = async () => {
      const answer = await owner.post<CustomDomain>('/shop/domain/verify');
      expect(answer.status).toBe(200);
      return answer.body.data!;
    };
    let checked = await verify();
    expect(checked).toMatchObject({
      status: 'failed',
      problem: `No CNAME record found for ${domain}: create one pointing to ${TARGET}.`,
      url: null,
    });
    expect(checked.records.map((r) => r.ok)).toEqual([false, false]);
    expect(checked.lastCheckedAt).not.toBeNull();

    await testDns.set(domain, { CNAME: 'elsewhere.example.net' });
    checked = await verify();
    expect(checked.problem).toBe(
      `The CNAME record of ${domain} points to elsewhere.example.net, not to ${TARGET}.`,
    );

    await testDns.set(domain, { CNAME: TARGET });
    checked = await verify();
    expect(checked.problem).toBe(
      `No TXT record found at _kartlink.${domain}: create it with the value shown.`,
    );
    expect(checked.records.map((r) => r.ok)).toEqual([true, false]);

    await testDns.set(`_kartlink.${domain}`, { TXT: ['kartlink-verify=someone-else'] });
    checked = await verify();
    expect(checked.problem).toBe(
      `The TXT record at _kartlink.${domain} does not hold the value shown.`,
    );

    await createRecords(domain, txtValueOf(pending));
    checked = await verify();
    expect(checked).toMatchObject({
      status: 'verified',
      problem: null,
      url: `http://${domain}`,
      records: [expect.objectContaining({ ok: true }), expect.objectContaining({ ok: true })],
    });
    expect(checked.verifiedAt).not.toBeNull();

    // The shop page at the domain's root, with the domain as its canonical address.
    const home = await atHost(domain, '/');
    expect(home.status).toBe(200);
    const homePage = new HtmlPage(home.text);
    expect(home.text).toContain('Meera Finds');
    expect(homePage.link('canonical')?.attr('href')).toBe(`http://${domain}/`);
    expect(homePage.meta('og:url')).toBe(`http://${domain}/`);
    expect(homePage.meta('kartlink:shop-host')).toBe(shopUrl);
    // Its links are the domain's own: /{shortCode}, not the main host's /{shopUrl}/{shortCode}.
    expect(home.text).toContain(`href="/${shortCode}"`);
    expect(home.text).not.toContain(`href="/${shopUrl}/${shortCode}"`);
    // The same port-qualified host is the same domain.
    expect((await atHost(`${domain}:443`, '/')).status).toBe(200);

    // The product page at /{shortCode}.
    const product = await atHost(domain, `/${shortCode}`);
    expect(product.status).toBe(200);
    expect(product.text).toContain(`href="/${shortCode}/go/`);
    expect(product.text).toContain('Block-print cotton kurta');
    expect(new HtmlPage(product.text).link('canonical')?.attr('href')).toBe(
      `http://${domain}/${shortCode}`,
    );
    // The main host's spelling on the domain leads to the short one.
    const long = await atHost(domain, `/${shopUrl}/${shortCode}`);
    expect({ status: long.status, location: long.headers.location }).toEqual({
      status: 301,
      location: `/${shortCode}`,
    });
    // An unknown product on the domain is a 404 page, never another shop's.
    expect((await atHost(domain, '/no-such-code')).status).toBe(404);
    expect((await atHost(domain, '/dashboard')).status).toBe(404);

    // The store redirect.
    const go = await atHost(domain, `/${shortCode}/go/amazon`);
    expect(go.status).toBe(302);
    expect(String(go.headers.location)).toContain('amazon.in/dp/B0KURTA1');

    // Sitemap and robots of the domain.
    const sitemap = await atHost(domain, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>http://${domain}/</loc>`);
    expect(sitemap.text).toContain(`<loc>http://${domain}/${shortCode}</loc>`);
    expect(sitemap.text).not.toContain(stackBaseUrl());
    const robots = await atHost(domain, '/robots.txt');
    expect(robots.text).toContain(`Sitemap: http://${domain}/sitemap.xml`);

    // The shop's JSON reads work on the domain; other shops', the dashboard's and the
    // account's API do not.
    const api = await atHost(domain, `/api/shop/${shopUrl}`);
    expect(api.status).toBe(200);
    expect(JSON.parse(api.text)).toMatchObject({ data: { shopUrl, customDomain: domain } });
    expect((await atHost(domain, `/api/shop/${rival.shopUrl}`)).status).toBe(404);
    expect(
      (
        await atHost(domain, '/api/shop/domain', {
          headers: { authorization: `Bearer ${owner.accessToken}` },
        })
      ).status,
    ).toBe(404);
    expect((await atHost(domain, '/api/auth/me')).status).toBe(404);

    // QR codes encode the domain's addresses (on either host).
    const qr = await fetch(`${stackBaseUrl()}/api/shop/${shopUrl}/qr.png`);
    expect(decodePng(Buffer.from(await qr.arrayBuffer()))).toBe(`http://${domain}/`);
    const productQr = await atHost(domain, `/api/url/shop/${shopUrl}/${shortCode}/qr.png`);
    expect(decodePng(productQr.body)).toBe(`http://${domain}/${shortCode}`);

    // The main host's sitemap index leaves the shop to its domain's own sitemap.
    expect(await fetch(`${stackBaseUrl()}/sitemap.xml`).then((r) => r.text())).not.toContain(
      `/sitemaps/${shopUrl}.xml`,
    );

    // The default address leads to the domain for good.
    const shopRedirect = await fetch(`${stackBaseUrl()}/${shopUrl}`, { redirect: 'manual' });
    expect({ status: shopRedirect.status, location: shopRedirect.headers.get('location') }).toEqual(
      {
        status: 301,
        location: `http://${domain}/`,
      },
    );
    const productRedirect = await fetch(`${stackBaseUrl()}/${shopUrl}/${shortCode}`, {
      redirect: 'manual',
    });
    expect(productRedirect.status).toBe(301);
    expect(productRedirect.headers.get('location')).toBe(`http://${domain}/${shortCode}`);

    // The TLS ask: the domain and the main host yes, others no.
    const check = (name: string) =>
      fetch(`${stackBaseUrl()}/api/domains/check?domain=${encodeURIComponent(name)}`).then(
        (r) => r.status,
      );
    expect(await check(domain)).toBe(200);
    expect(await check(new URL(stackBaseUrl()).hostname)).toBe(200);
    expect(await check(`not-${domain}`)).toBe(404);
    expect(await check('')).toBe(404);
    // Asked over any host (the proxy's internal address).
    expect((await atHost('gateway.internal', `/api/domains/check?domain=${domain}`)).status).toBe(
      200,
    );

    // Removed: not served at the domain from the next request on, and the default address is back.
    const removed = await owner.call('DELETE', '/shop/domain');
    expect(removed.status).toBe(200);
    expect((await atHost(domain, '/')).status).toBe(404);
    expect(await check(domain)).toBe(404);
    expect((await fetch(`${stackBaseUrl()}/${shopUrl}`, { redirect: 'manual' })).status).toBe(200);
    expect(
      (await owner.call<CustomDomainAnswer>('GET', '/shop/domain')).body.data!.customDomain,
    ).toBeNull();
    // Now free for the other shop.
    expect((await rival.owner.call('PUT', '/shop/domain', { domain })).status).toBe(200);
    expect(main()).toBeTruthy();
  });

  it('never brings back a domain its owner removed while its records were being looked up', async () => {
    const { owner, premium } = await premiumShopOwner('dom-race');
    const rival = await premiumShopOwner('dom-race-rival');
    await premium();
    await rival.premium();
    const domain = domainOf('race');
    const added = await owner.call<CustomDomain>('PUT', '/shop/domain', { domain });
    expect(added.status).toBe(200);
    // A slow name server: the check is still waiting for both records when the owner removes it.
    await testDns.set(domain, { CNAME: TARGET, delayMs: 1200 });
    await testDns.set(`_kartlink.${domain}`, {
      TXT: [txtValueOf(added.body.data!)],
      delayMs: 1200,
    });
    const verifying = owner.call<CustomDomain>('POST', '/shop/domain/verify');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await owner.call('DELETE', '/shop/domain')).status).toBe(200);
    // The check that finished after the removal is told so; nothing of it was written.
    expect((await verifying).status).toBe(404);
    // The background checks (every 250 ms here) do not bring it back either.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(
      (await owner.call<CustomDomainAnswer>('GET', '/shop/domain')).body.data!.customDomain,
    ).toBeNull();
    expect((await atHost(domain, '/')).status).toBe(404);
    expect((await rival.owner.call('PUT', '/shop/domain', { domain })).status).toBe(200);
  });

  it('checks in the background: verifies once the records appear, and unverifies when they are gone past the grace', async () => {
    const { owner, shopUrl, premium } = await premiumShopOwner('dom-bg');
    await premium();
    const domain = domainOf('bg');
    const added = (await owner.call<CustomDomain>('PUT', '/shop/domain', { domain })).body.data!;
    const current = async () =>
      (await owner.call<CustomDomainAnswer>('GET', '/shop/domain')).body.data!.customDomain!;
    // Checked without being asked: no records yet.
    await waitFor(async () => (await current()).lastCheckedAt !== null, { timeoutMs: 15_000 });
    expect(await current()).toMatchObject({ status: 'failed' });
    expect((await current()).problem).toContain('No CNAME record found');

    await createRecords(domain, txtValueOf(added));
    await waitFor(async () => (await current()).status === 'verified', { timeoutMs: 15_000 });
    expect((await atHost(domain, '/')).status).toBe(200);

    // The records go: still served during the grace, then failed and no longer served.
    await testDns.remove(domain);
    await waitFor(async () => (await current()).status === 'failed', { timeoutMs: 15_000 });
    expect((await current()).problem).toContain('No CNAME record found');
    expect((await atHost(domain, '/')).status).toBe(404);
    expect((await fetch(`${stackBaseUrl()}/${shopUrl}`, { redirect: 'manual' })).status).toBe(200);
  });

  it('stops serving the domain at its next check when the owner is back on the free plan', async () => {
    const { owner, email, premium } = await premiumShopOwner('dom-down');
    await premium();
    const domain = domainOf('down');
    const added = (await owner.call<CustomDomain>('PUT', '/shop/domain', { domain })).body.data!;
    await createRecords(domain, txtValueOf(added));
    expect((await owner.post<CustomDomain>('/shop/domain/verify')).body.data!.status).toBe(
      'verified',
    );
    expect((await atHost(domain, '/')).status).toBe(200);
    await pgQuery(`UPDATE auth.users SET plan = 'free' WHERE email = $1`, [email]);
    const current = async () =>
      (await owner.call<CustomDomainAnswer>('GET', '/shop/domain')).body.data!;
    await waitFor(async () => (await current()).customDomain?.status === 'failed', {
      timeoutMs: 15_000,
    });
    expect(await current()).toMatchObject({
      allowed: false,
      customDomain: { problem: 'Upgrade to Premium to use your own domain' },
    });
    expect((await atHost(domain, '/')).status).toBe(404);
    // Verify now is Premium's too.
    expect((await owner.post('/shop/domain/verify')).status).toBe(403);
  });

  it('answers a host that serves no shop with the 404 page, never a shop', async () => {
    const page = await atHost(`nobody-${randomInt(1e6)}.example.org`, '/');
    expect(page.status).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(new HtmlPage(page.text).meta('kartlink:shop-host')).toBe('');
    const product = await atHost(`nobody-${randomInt(1e6)}.example.org`, '/anything/else');
    expect(product.status).toBe(404);
    const api = await atHost(`nobody-${randomInt(1e6)}.example.org`, '/api/shop/status');
    expect(api.status).toBe(404);
    expect(JSON.parse(api.text)).toMatchObject({ success: false });
    // Health probes answer on any host.
    expect((await atHost('10.1.2.3:3000', '/api/health/live')).status).toBeLessThan(500);
  });
});

describe('custom domains on two gateways', () => {
  let gateway: SecondGateway;
  let second: string;

  beforeAll(async () => {
    gateway = await startSecondGateway('custom-domains');
    second = gateway.url;
  });

  afterAll(() => gateway?.stop());

  it('serves a domain on the other replica as soon as it is verified, and stops as soon as it is removed', async () => {
    const { owner, shopUrl, premium } = await premiumShopOwner('dom-two');
    await premium();
    const domain = domainOf('two');
    const added = (await owner.call<CustomDomain>('PUT', '/shop/domain', { domain })).body.data!;
    const read = () => atHost(domain, `/api/shop/${shopUrl}`, { gateway: second });
    // The second replica has looked the host up: it serves nothing (and keeps that answer).
    expect((await read()).status).toBe(404);
    await createRecords(domain, txtValueOf(added));
    expect((await owner.post<CustomDomain>('/shop/domain/verify')).body.data!.status).toBe(
      'verified',
    );
    // Verified through the first gateway: the second serves it on its very next request.
    const served = await read();
    expect(served.status).toBe(200);
    expect(JSON.parse(served.text)).toMatchObject({ data: { shopUrl, customDomain: domain } });
    expect((await read()).status).toBe(200);
    // The default address now leads to the domain on both replicas (their shop reads dropped).
    for (const gateway of [stackBaseUrl(), second]) {
      const shop = await fetch(`${gateway}/api/shop/${shopUrl}`).then(
        (r) => r.json() as Promise<{ data: { customDomain?: string } }>,
      );
      expect(shop.data.customDomain).toBe(domain);
    }

    expect((await owner.call('DELETE', '/shop/domain')).status).toBe(200);
    expect((await read()).status).toBe(404);
    expect((await atHost(domain, `/api/shop/${shopUrl}`)).status).toBe(404);
    const check = await fetch(`${second}/api/domains/check?domain=${domain}`);
    expect(check.status).toBe(404);
  });

  it('is out of reach of API keys', async () => {
    const { owner, premium } = await premiumShopOwner('dom-keys');
    await premium();
    const made = await owner.post<CreatedApiKey>('/auth/api-keys', {
      name: 'Sheet sync',
      scopes: ['products:read', 'products:write', 'analytics:read'],
    });
    expect(made.status).toBe(201);
    const key = made.body.data!.secret;
    for (const [method, path, body] of [
      ['GET', '/shop/domain'],
      ['PUT', '/shop/domain', { domain: domainOf('keys') }],
      ['POST', '/shop/domain/verify', {}],
      ['DELETE', '/shop/domain'],
    ] as const) {
      const answer = await fetch(`${stackBaseUrl()}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          'x-forwarded-for': '10.9.9.8',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect([path, method, answer.status]).toEqual([path, method, 403]);
    }
    expect((await owner.call<CustomDomainAnswer>('GET', '/shop/domain')).body.data).toEqual({
      customDomain: null,
      allowed: true,
    });
  });
});
