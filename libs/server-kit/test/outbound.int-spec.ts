import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fetchGuarded, isPrivateAddress, OutboundError, type OutboundPolicy } from '../src';

/** A site on 127.0.0.1 with the pages a user's link can lead to; /hop/n redirects n + 1 times. */
let server: Server;
let base: string;
const page = '<html><head><title>Kurta</title></head><body>Cotton kurta</body></html>';
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    const hops = /^\/hop\/(\d+)$/.exec(path);
    if (hops) {
      const n = Number(hops[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/page' });
      return res.end('moved');
    }
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page);
    }
    if (path === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return res.end(gzipSync(page));
    }
    // 64 MB of zeros, 64 kB on the wire: must never be inflated whole.
    if (path === '/bomb') {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      return res.end(gzipSync(Buffer.alloc(64 * 1024 * 1024)));
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const more = () => {
        while (sent < 200 && res.write(chunk)) sent += 1;
        if (sent < 200) res.once('drain', more);
        else res.end();
      };
      return more();
    }
    if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    if (path === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' });
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

const allowing = (...allowHosts: string[]): OutboundPolicy => ({
  allowHosts,
  userAgent: 'KartlinkTest/1.0',
});
const limits = { maxRedirects: 5, timeoutMs: 2000, maxBytes: 2 * 1024 * 1024 };
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (err: unknown) => (err instanceof OutboundError ? err.failure : String(err)),
  );

describe('requests to addresses a user typed', () => {
  it('knows the addresses that are not on the internet', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'fd00::1',
      'not-an-address',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '13.32.1.1', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });

  it('reads a page through its redirects, decompressed, with the address it ended at', async () => {
    const fetched = await fetchGuarded(`${base}/hop/4`, limits, allowing('127.0.0.1'));
    expect(fetched).toEqual({
      url: `${base}/page`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.from(page),
    });
    const gzipped = await fetchGuarded(`${base}/gzip`, limits, allowing('127.0.0.1'));
    expect(gzipped.body.toString()).toBe(page);
  });

  it('refuses a sixth redirect, other schemes, private addresses on any hop, and slow or huge answers', async () => {
    const policy = allowing('127.0.0.1');
    expect(await failureOf(fetchGuarded(`${base}/hop/5`, limits, policy))).toBe(
      'too-many-redirects',
    );
    expect(await failureOf(fetchGuarded(`${base}/to-metadata`, limits, policy))).toBe(
      'private-address',
    );
    expect(await failureOf(fetchGuarded(`${base}/to-file`, limits, policy))).toBe('not-http');
    expect(await failureOf(fetchGuarded('ftp://example.com/x', limits, policy))).toBe('not-http');
    expect(await failureOf(fetchGuarded(`${base}/huge`, limits, policy))).toBe('too-large');
    expect(await failureOf(fetchGuarded(`${base}/bomb`, limits, policy))).toBe('too-large');
    const started = Date.now();
    expect(
      await failureOf(fetchGuarded(`${base}/slow`, { ...limits, timeoutMs: 500 }, policy)),
    ).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('never reaches a private address the operator did not allow, by address or by name', async () => {
    expect(await failureOf(fetchGuarded(`${base}/page`, limits, allowing()))).toBe(
      'private-address',
    );
    const port = new URL(base).port;
    expect(await failureOf(fetchGuarded(`http://localhost:${port}/page`, limits, allowing()))).toBe(
      'private-address',
    );
    expect(await failureOf(fetchGuarded(`http://[::1]:${port}/page`, limits, allowing()))).toBe(
      'private-address',
    );
  });
});
