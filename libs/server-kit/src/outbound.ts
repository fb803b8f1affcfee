import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/**
 * Requests the server makes to addresses a user typed (a store's short link, a store's product
 * page): http(s) only, never to a private, loopback, link-local or metadata address unless the
 * operator allowed the host by name or address (tests and private deployments), checked when the
 * connection is made (so a name cannot change its answer between the check and the request),
 * with a deadline over the whole exchange and a cap on the bytes read.
 */

/** Addresses a link a user typed must never make the server reach. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is private, loopback, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why an outbound request was refused or failed: what the caller tells the user. */
export type OutboundFailure =
  'not-http' | 'private-address' | 'too-many-redirects' | 'timed-out' | 'too-large' | 'unreachable';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundPolicy {
  /** Hosts (names or addresses, lower case) the operator lets through to private addresses. */
  allowHosts: readonly string[];
  /** A recognisable user agent: site owners can tell who asks. */
  userAgent: string;
}

/** A comma-separated operator setting as a list of lower-case names. */
export const hostList = (value: string): string[] =>
  value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

export interface OutboundAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  /** Where a redirect points, resolved against the request's address. */
  location?: URL;
  /** The body, decompressed; only when asked for (`maxBytes` > 0). */
  body?: Buffer;
}

export interface OutboundRequest {
  method: 'GET' | 'HEAD' | 'POST';
  /** What a POST sends (a webhook's JSON). */
  body?: Buffer;
  /** Headers besides user-agent and accept (a webhook's content type and signature). */
  headers?: Record<string, string>;
  /** Epoch milliseconds by which the whole exchange must be done. */
  deadline: number;
  /** Read at most this many bytes of the (decompressed) body; 0 = drop the body. */
  maxBytes: number;
  accept?: string;
}

/** One request, no redirects followed: the answer's status, headers and (capped) body. */
export function outboundRequest(
  url: URL,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundAnswer> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return Promise.reject(new OutboundError('not-http', `not http(s): ${url.protocol}`));
  const remaining = request.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new OutboundError('timed-out', 'timed out'));
  // An address written as such is never looked up: it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isPrivateAddress(literal) && !policy.allowHosts.includes(literal))
    return Promise.reject(new OutboundError('private-address', `${literal} is a private address`));
  const options: RequestOptions = {
    method: request.method,
    lookup: guardedLookup(url.hostname, policy.allowHosts),
    headers: {
      'user-agent': policy.userAgent,
      accept: request.accept ?? '*/*',
      ...(request.maxBytes > 0 ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
      ...request.headers,
      ...(request.body ? { 'content-length': String(request.body.length) } : {}),
    },
    timeout: remaining,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) =>
      reject(
        err instanceof OutboundError
          ? err
          : new OutboundError('unreachable', err instanceof Error ? err.message : String(err)),
      );
    const req = send(url, options, (res: IncomingMessage) => {
      const raw = res.headers.location;
      let location: URL | undefined;
      try {
        location = raw ? new URL(raw, url) : undefined;
      } catch {
        location = undefined;
      }
      const head = { status: res.statusCode ?? 0, headers: res.headers, location };
      const redirect = head.status >= 300 && head.status < 400 && location !== undefined;
      if (request.maxBytes <= 0 || request.method === 'HEAD' || redirect) {
        res.destroy();
        return resolve(head);
      }
      readCapped(decoded(res), request.maxBytes).then(
        (body) => resolve({ ...head, body }),
        (err: unknown) => {
          req.destroy();
          fail(err);
        },
      );
    });
    const timer = setTimeout(
      () => req.destroy(new OutboundError('timed-out', 'timed out')),
      remaining,
    );
    req.on('timeout', () => req.destroy(new OutboundError('timed-out', 'timed out')));
    req.on('error', fail);
    req.on('close', () => clearTimeout(timer));
    req.end(request.body);
  });
}

/** The body as sent, decompressed when the server compressed it. */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

/** Reads a stream whole, failing as soon as it passes `maxBytes` (a bomb is never inflated). */
function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stream.destroy();
        reject(new OutboundError('too-large', `more than ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** DNS lookup that refuses private addresses for hosts the operator did not allow. */
function guardedLookup(hostname: string, allowHosts: readonly string[]): LookupFunction {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allowed = allowHosts.includes(host);
  return (name, options, callback) => {
    dnsLookup(name, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const usable = addresses.filter((a) => allowed || !isPrivateAddress(a.address));
      if (usable.length === 0)
        return callback(
          new OutboundError('private-address', `${host} leads to a private address`),
          '',
          0,
        );
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0].address, usable[0].family);
    });
  };
}

export interface FetchedPage {
  /** The address the page was read from, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/**
 * GETs a page, following at most `maxRedirects` redirects by hand (each hop checked as the
 * first), within `timeoutMs` in all and reading at most `maxBytes` of it.
 */
export async function fetchGuarded(
  url: string,
  options: { maxRedirects: number; timeoutMs: number; maxBytes: number; accept?: string },
  policy: OutboundPolicy,
): Promise<FetchedPage> {
  const deadline = Date.now() + options.timeoutMs;
  let current = new URL(url);
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    const answer = await outboundRequest(
      current,
      { method: 'GET', deadline, maxBytes: options.maxBytes, accept: options.accept },
      policy,
    );
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      current = answer.location;
      continue;
    }
    return {
      url: current.toString(),
      status: answer.status,
      contentType: String(answer.headers['content-type'] ?? ''),
      body: answer.body ?? Buffer.alloc(0),
    };
  }
  throw new OutboundError('too-many-redirects', `more than ${options.maxRedirects} redirects`);
}
