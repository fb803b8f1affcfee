import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '@kartlink/server-kit';
import type { ShopConfig } from '../src/config';
import { isShortLink, ShortLinkResolver } from '../src/products/short-links';

const quiet = { info: () => undefined } as unknown as Logger;

/** A fake shortener on 127.0.0.1: /s/{n} redirects n more times, then to a store page. */
let server: Server;
let base: string;
let heads = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'HEAD') heads += 1;
    let m = /^\/s\/(\d+)$/.exec(path);
    if (m) {
      const n = Number(m[1]);
      res.writeHead(301, {
        location: n > 0 ? `/s/${n - 1}` : 'https://www.amazon.in/dp/B0C1234567?psc=1',
      });
      return res.end();
    }
    if ((m = /^\/no-head$/.exec(path))) {
      if (req.method === 'HEAD') {
        res.writeHead(405);
        return res.end();
      }
      res.writeHead(302, { location: 'https://www.flipkart.com/p/itm123?pid=X' });
      return res.end('moved');
    }
    if (path === '/private') {
      res.writeHead(302, { location: 'http://10.1.2.3/admin' });
      return res.end();
    }
    if (path === '/private-store') {
      res.writeHead(302, { location: 'http://10.1.2.3/s/1' });
      return res.end();
    }
    if (path === '/js') {
      res.writeHead(302, { location: 'javascript:alert(1)' });
      return res.end();
    }
    if (path === '/slow') return; // never answers
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const resolver = (allow: string) =>
  new ShortLinkResolver(
    { SHORT_LINK_ALLOW_HOSTS: allow, SHORT_LINK_EXTRA_HOSTS: '127.0.0.1,10.1.2.3' } as ShopConfig,
    quiet,
  );

describe('short store links', () => {
  it('knows the shorteners', () => {
    expect(isShortLink('https://amzn.to/3xYz')).toBe(true);
    expect(isShortLink('https://fkrt.it/abc')).toBe(true);
    expect(isShortLink('https://dl.flipkart.com/s/abc')).toBe(true);
    expect(isShortLink('https://dl.flipkart.com/dl/kurta/p/itm1')).toBe(false);
    expect(isShortLink('https://www.amazon.in/dp/B0C1234567')).toBe(false);
  });

  it('follows redirects to the store page, through HEAD', async () => {
    heads = 0;
    await expect(resolver('127.0.0.1').resolve(`${base}/s/2`)).resolves.toBe(
      'https://www.amazon.in/dp/B0C1234567?psc=1',
    );
    expect(heads).toBe(3); // the store itself is not asked
  });

  it('asks with GET when HEAD is refused', async () => {
    await expect(resolver('127.0.0.1').resolve(`${base}/no-head`)).resolves.toBe(
      'https://www.flipkart.com/p/itm123?pid=X',
    );
  });

  it('refuses more than 5 redirects, private addresses, other schemes and slow servers', async () => {
    const r = resolver('127.0.0.1');
    await expect(r.resolve(`${base}/s/4`)).resolves.toMatch(/amazon/);
    await expect(r.resolve(`${base}/s/5`)).rejects.toThrow(/redirects/);
    await expect(r.resolve(`${base}/private-store`)).rejects.toThrow(/private/);
    await expect(r.resolve(`${base}/js`)).rejects.toThrow(/http/);
    const started = Date.now();
    await expect(r.resolve(`${base}/slow`)).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('does not reach 127.0.0.1 unless the operator allowed it', async () => {
    await expect(resolver('').resolve(`${base}/s/0`)).rejects.toThrow(/private/);
    await expect(resolver('').resolve('http://localhost:9/')).rejects.toThrow(/private/);
  });

  it('stores resolved links and warns about the others, keeping them as given', async () => {
    const { urls, warnings } = await resolver('127.0.0.1').resolveAll([
      'https://www.myntra.com/kurtas/1/buy',
      `${base}/s/1`,
      `${base}/gone`,
    ]);
    expect(urls).toEqual([
      'https://www.myntra.com/kurtas/1/buy',
      'https://www.amazon.in/dp/B0C1234567?psc=1',
      `${base}/gone`,
    ]);
    expect(warnings).toEqual([
      {
        position: 3,
        url: `${base}/gone`,
        message: expect.stringMatching(
          /^Store link 3 is a short link \(127\.0\.0\.1\) that could not be opened/,
        ),
      },
    ]);
  });
});
