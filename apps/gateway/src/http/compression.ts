import fastifyCompress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** What the gateway compresses answers with, the browser's preference first among equals. */
export type ContentEncoding = 'br' | 'gzip';

/** Smaller answers go as they are: compressing them saves about what its headers cost. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli's quality 11 costs some 40 times quality 4 for a few per cent; an answer made per
 * request wants the fast setting (the web app's own files are compressed at their best once,
 * at build time, and served as built).
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Answers up to this size are compressed in one call, larger ones through a zlib stream on the
 * threadpool. @fastify/compress picks 8 KB on a 2-core host (4 KB wider) for spare cores to
 * overlap with, but a gateway has at most one (its container's limit, which Node 20 does not
 * read): a 12 KB page of the owner's products cost ~2 ms streamed, 0.15 ms in one call.
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * HTML and JSON answers go compressed when the client takes it (brotli or gzip, as its
 * Accept-Encoding prefers, with `Vary: Accept-Encoding`), over a kilobyte; link-preview
 * fetchers such as Facebook's need the page gzip-compressed. Answers already compressed (the
 * web app's precompressed files, the public reads' cached copies) pass as they are. Request
 * bodies are not inflated: the gateway takes them as sent, within its body limit.
 */
export async function registerCompression(app: NestFastifyApplication) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    brotliOptions: BROTLI_OPTIONS,
  });
}

const negotiator = new Negotiator<ContentEncoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding to answer this request in, or undefined for none. */
function acceptedEncoding(request: FastifyRequest): ContentEncoding | undefined {
  const header = request.headers['accept-encoding'];
  return header ? (negotiator.negotiate(header) ?? undefined) : undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` compressed as the gateway compresses its answers, off the event loop. */
function compress(body: string | Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body);
}

/**
 * An answer's bytes sent again and again (a cached public read, an owner's kept report):
 * compressed once per encoding, when a client first asks for that encoding, so that a repeated
 * read costs no compression (a 10,000-product shop's answers are megabytes).
 */
export class CompressibleBody {
  private readonly compressed = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(readonly body: Buffer) {}

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let copy = this.compressed.get(encoding);
    if (!copy) {
      copy = compress(this.body, encoding);
      this.compressed.set(encoding, copy);
    }
    return copy;
  }
}

/**
 * What to send of `answer` to this request: compressed as its Accept-Encoding asks, with the
 * copy the answer keeps (Content-Encoding and Vary set), or as it is when small or not asked.
 */
export async function negotiated(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CompressibleBody,
): Promise<Buffer> {
  if (answer.body.length < COMPRESSION_THRESHOLD_BYTES) return answer.body;
  varyOnAcceptEncoding(reply);
  const encoding = acceptedEncoding(request);
  if (!encoding) return answer.body;
  const body = await answer.encoded(encoding);
  void reply.header('content-encoding', encoding);
  return body;
}

/** Adds Accept-Encoding to the answer's Vary header, keeping what it already names. */
function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const names =
    typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(names)) return;
  void reply.header('vary', names ? `${names}, Accept-Encoding` : 'Accept-Encoding');
}
