import type { UploadedImage } from '@kartlink/contracts';
import { pgQuery } from '@kartlink/testing';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import sharp from 'sharp';
import {
  configureSharp,
  makeCard,
  makeMedium,
  makePrimary,
  makeThumbnail,
  makeWebp,
} from '@kartlink/media-service/testing';
import { signUp, Visitor } from '../../test/support/auth-client';
import { benchStack } from './bench-stack';

/**
 * `npm run bench -- uploads`: a 4 MB phone-sized JPEG uploaded through the whole running
 * product (POST /api/photos/upload, type product) until the answer carrying photoURL arrives,
 * one at a time and four at a time, beside three baselines measured in the same run on this
 * machine: a bare Node http server reading the same multipart body and answering (the
 * transport ceiling); the worker's primary sharp pipeline run in this process on the same bytes
 * (the processing floor); and the same work as the product's in one process (what the target
 * compares with): a Node http server that reads the multipart body, makes the primary variant
 * from it with media-service's own sharp pipeline, answers with photoURL, then makes the
 * thumbnail, medium, WebP and share-card variants in the background, with media-service's
 * schedule (two images at a time, a waiting primary before waiting variants). What it leaves
 * out is what the services add: the blob store, the queue, the database, NATS. media-service's
 * resident memory is sampled throughout: its peak at idle and under each concurrency, and for
 * 30 s of idle after the uploads.
 *
 * Each upload comes from its own address (X-Forwarded-For behind TRUST_PROXY): the upload
 * budget (UPLOAD_RATE_LIMIT, 30 a minute per address) has no environment override, and stays
 * in the path without refusing the load.
 */
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const CONCURRENCIES = [1, 4] as const;
/** Uploads at each concurrency: BENCH_UPLOADS one at a time, twice as many four at a time. */
const uploadsAt = (concurrency: number) => (concurrency === 1 ? UPLOADS : UPLOADS * 2);
/** The in-process sharp runs vary little from one image to the next: half as many. */
const sharpRunsAt = (concurrency: number) => Math.max(4, Math.ceil(uploadsAt(concurrency) / 2));
const WARM_UP = 3;
/** What the product route does to it (media-service BOXES.product, DEFAULT_QUALITY). */
const PRODUCT_BOX = { maxWidth: 2048, maxHeight: 2048, quality: 0.85 };
/** MEDIA_MAX_PIXELS' default, as the stack runs with it. */
const MAX_PIXELS = 40_000_000;
/** MEDIA_WORKER_CONCURRENCY's default: images media-service processes at once. */
const WORKER_SLOTS = 2;
/** How long media-service's memory is watched once the uploads and their variants are done. */
const IDLE_SECONDS = 30;
/** What media-service should be back under within IDLE_SECONDS (issue 17). */
const IDLE_TARGET_MB = 200;
// A 12 MP phone photo, stored landscape with EXIF orientation 6 as phones store portraits.
const WIDTH = 4032;
const HEIGHT = 3024;
const TARGET_BYTES = { min: 3_800_000, max: 4_500_000 };
const MB = 1024 * 1024;

/** Smooth colour waves plus deterministic noise of `amplitude`: the noise sets the file size. */
function photoPixels(amplitude: number): Buffer {
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  let state = 0x9e3779b9;
  let i = 0;
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = (((state & 255) - 128) * amplitude) / 128;
      const base = 128 + 60 * Math.sin(x / 180) * Math.cos(y / 240);
      pixels[i++] = base + noise + 30;
      pixels[i++] = base - noise * 0.7;
      pixels[i++] = 225 - base + noise * 0.5;
    }
  }
  return Buffer.from(pixels.buffer);
}

/** A JPEG of 3.8 to 4.5 MB, found by bisecting the noise amplitude at quality 92. */
async function makeJpeg(): Promise<Buffer> {
  let low = 32;
  let high = 160;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const amplitude = (low + high) / 2;
    const jpeg = await sharp(photoPixels(amplitude), {
      raw: { width: WIDTH, height: HEIGHT, channels: 3 },
    })
      .jpeg({ quality: 92 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    if (jpeg.length < TARGET_BYTES.min) low = amplitude;
    else if (jpeg.length > TARGET_BYTES.max) high = amplitude;
    else return jpeg;
  }
  throw new Error('Could not make a JPEG of 3.8 to 4.5 MB');
}

interface Timed {
  latencies: number[];
  seconds: number;
}

/** Runs `total` calls of `task`, `concurrency` at a time; each call's duration in ms. */
async function timed(
  total: number,
  concurrency: number,
  task: (n: number) => Promise<void>,
): Promise<Timed> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const n = next++;
        const start = performance.now();
        await task(n);
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const multipartBody = (jpeg: Buffer) => {
  const form = new FormData();
  form.append('type', 'product');
  form.append('image', new Blob([jpeg], { type: 'image/jpeg' }), 'bench-photo.jpg');
  return form;
};

/**
 * One upload from address number `n`; resolves once the answer with photoURL is read. The
 * form is built inside the timing, as a browser builds it.
 */
async function upload(
  base: string,
  jpeg: Buffer,
  n: number,
  token?: string,
): Promise<UploadedImage> {
  const response = await fetch(`${base}/api/photos/upload`, {
    method: 'POST',
    headers: {
      'x-forwarded-for': `10.77.${(n >> 8) & 255}.${n & 255}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: multipartBody(jpeg),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${text}`);
  const answer = JSON.parse(text) as { data: UploadedImage };
  if (!answer.data?.photoURL) throw new Error(`upload answered no photoURL: ${text}`);
  return answer.data;
}

/** The transport ceiling: reads the whole multipart body and answers 201 with a photoURL. */
function bareServer() {
  return createServer((req, res) => {
    let bytes = 0;
    let tail: Buffer = Buffer.alloc(0);
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      tail = chunk.length >= 64 ? chunk.subarray(-64) : Buffer.concat([tail, chunk]).subarray(-64);
    });
    req.on('end', () => {
      const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
      const complete =
        boundary !== undefined &&
        bytes === Number(req.headers['content-length'] ?? bytes) &&
        tail.toString('latin1').includes(`--${boundary}--`);
      res.writeHead(complete ? 201 : 400, { 'content-type': 'application/json; charset=utf-8' });
      const id = randomUUID();
      res.end(
        JSON.stringify({
          success: complete,
          data: { _id: id, url: `/api/shop/product-images/${id}`, photoURL: `/api/x/${id}` },
        }),
      );
    });
  });
}

/**
 * media-service's schedule in this process: WORKER_SLOTS images at a time, a waiting primary
 * before waiting variants (BullMQ's priority). Background tasks are kept until done.
 */
class Slots {
  private free = WORKER_SLOTS;
  private readonly waiting = { primary: [] as (() => void)[], variants: [] as (() => void)[] };
  private readonly background = new Set<Promise<unknown>>();

  async run<T>(kind: 'primary' | 'variants', task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((go) => this.waiting[kind].push(go));
    try {
      return await task();
    } finally {
      const next = this.waiting.primary.shift() ?? this.waiting.variants.shift();
      if (next) next();
      else this.free += 1;
    }
  }

  /** Runs `task` in the background, as the variants job follows the primary one. */
  later(task: () => Promise<unknown>): void {
    const done: Promise<unknown> = this.run('variants', task).finally(() =>
      this.background.delete(done),
    );
    this.background.add(done);
  }

  /** Resolves once every background task is done. */
  async drained(): Promise<void> {
    while (this.background.size > 0) await Promise.all(this.background);
  }
}

/** What media-service's variants job makes of a product's primary JPEG (ImageJobs.variants). */
async function makeVariants(primary: Buffer): Promise<void> {
  await makeThumbnail(primary, 'jpeg', MAX_PIXELS);
  const medium = await makeMedium(primary, 'jpeg', MAX_PIXELS);
  await makeWebp(medium.data, 'jpeg', MAX_PIXELS);
  await makeWebp(primary, 'jpeg', MAX_PIXELS);
  await makeCard(primary, MAX_PIXELS);
}

/** The bytes of the multipart body's file part `field`. */
function filePart(body: Buffer, contentType: string | undefined, field: string): Buffer {
  const boundary = /boundary=(.+)$/.exec(contentType ?? '')?.[1];
  const named = body.indexOf(`name="${field}"`);
  const start = body.indexOf('\r\n\r\n', named) + 4;
  const end = body.indexOf(`\r\n--${boundary}`, start);
  if (!boundary || named < 0 || start < 4 || end < 0) throw new Error(`no file part ${field}`);
  return body.subarray(start, end);
}

/**
 * The same work as the product's, in this process: reads the multipart body, makes the primary
 * variant from the file's bytes, answers 201 with a photoURL, then makes the other variants.
 */
function sameWorkServer(slots: Slots) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const work = async () => {
        const file = filePart(Buffer.concat(chunks), req.headers['content-type'], 'image');
        const primary = await slots.run('primary', () =>
          makePrimary(file, 'jpeg', { ...PRODUCT_BOX, maxPixels: MAX_PIXELS }),
        );
        const id = randomUUID();
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            success: true,
            data: { _id: id, url: `/api/shop/product-images/${id}`, photoURL: `/api/x/${id}` },
          }),
        );
        slots.later(() => makeVariants(primary.data));
      };
      work().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
  });
}

/** The stack's child process running `script` (this process started it), by /proc. */
function childPid(script: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const ppid = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (Number(ppid) === process.pid && cmdline.includes(script)) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  throw new Error(`No child process runs ${script}`);
}

/**
 * Peak resident memory of a process over a window: VmRSS polled every 20 ms, and the kernel's
 * own high-water mark (VmHWM), reset at the start of the window through clear_refs.
 */
class MemoryWatch {
  private peakKb = 0;
  private timer?: NodeJS.Timeout;
  private hwmReset = false;

  constructor(private readonly pid: number) {}

  private field(name: string): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    return Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  }

  currentMb(): number {
    return this.field('VmRSS') / 1024;
  }

  start(): void {
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
      this.hwmReset = true;
    } catch {
      this.hwmReset = false;
    }
    this.peakKb = this.field('VmRSS');
    this.timer = setInterval(() => {
      this.peakKb = Math.max(this.peakKb, this.field('VmRSS'));
    }, 20);
  }

  /** The window's peak in MB. */
  stop(): number {
    clearInterval(this.timer);
    const polled = Math.max(this.peakKb, this.field('VmRSS'));
    return (this.hwmReset ? Math.max(polled, this.field('VmHWM')) : polled) / 1024;
  }
}

/** Waits until every stored image of the run has its thumbnail (the background variants job). */
async function variantsDone(images: number, timeoutMs = 180_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const [row] = await pgQuery<{ pending: number; total: number }>(
      `SELECT count(*) FILTER (WHERE variants = '{}'::jsonb)::int AS pending, count(*)::int AS total
         FROM media.images`,
    );
    if (row.total < images) throw new Error(`only ${row.total} of ${images} images stored`);
    if (row.pending === 0) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs)
      throw new Error(`${row.pending} images still without variants after ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const ms = (value: number) => Math.round(value).toString();
const mb = (value: number) => value.toFixed(0);

interface Row {
  path: string;
  concurrency: number;
  uploads: number;
  p50: number;
  p95: number;
  perSecond: number;
  /** media-service's for Kartlink, this process's for the in-process sharp runs. */
  peakMb?: number;
  gatewayPeakMb?: number;
}

/**
 * media-service's memory over IDLE_SECONDS of idle: the peak from 2 to 5 s (as the window before
 * the uploads), the last value, and when it fell under IDLE_TARGET_MB for good.
 */
async function settle(watch: MemoryWatch) {
  const samples: { at: number; mb: number }[] = [];
  const started = performance.now();
  for (;;) {
    const at = (performance.now() - started) / 1000;
    samples.push({ at, mb: watch.currentMb() });
    if (at >= IDLE_SECONDS) break;
    await sleep(250);
  }
  const above = samples.findLastIndex((s) => s.mb >= IDLE_TARGET_MB);
  return {
    peakAfter5s: Math.max(...samples.filter((s) => s.at >= 2 && s.at <= 5).map((s) => s.mb)),
    last: samples.at(-1)!.mb,
    underAt: above === samples.length - 1 ? undefined : (samples[above + 1]?.at ?? 0),
  };
}

const row = (path: string, concurrency: number, result: Timed): Row => ({
  path,
  concurrency,
  uploads: result.latencies.length,
  p50: percentile(result.latencies, 50),
  p95: percentile(result.latencies, 95),
  perSecond: result.latencies.length / result.seconds,
});

async function main() {
  const madeAt = performance.now();
  const jpeg = await makeJpeg();
  const meta = await sharp(jpeg).metadata();
  console.log(
    `Test photo: ${(jpeg.length / MB).toFixed(2)} MB (${jpeg.length} bytes) JPEG, ` +
      `${meta.width}×${meta.height} stored, EXIF orientation ${meta.orientation} ` +
      `(shown ${meta.height}×${meta.width}); made in ${((performance.now() - madeAt) / 1000).toFixed(1)} s`,
  );
  // From here on, sharp works as media-service's workers do: one libvips thread per image.
  configureSharp(1);

  const { run, stack } = await benchStack({
    extraEnv: { TRUST_PROXY: '1' },
    onLine: (app, line) => {
      if (app === 'media-service' || app === 'gateway') {
        if (/"level":(50|60)/.test(line)) console.log(`[${app}] ${line.slice(0, 500)}`);
      }
    },
  });
  const baseline = bareServer();
  const slots = new Slots();
  const sameWork = sameWorkServer(slots);
  try {
    console.log('Starting the stack…');
    await stack.start();
    Object.assign(process.env, run.env, { KARTLINK_BASE_URL: stack.baseUrl });
    const media = new MemoryWatch(childPid('apps/media-service/dist/main.js'));
    const gateway = new MemoryWatch(childPid('apps/gateway/dist/main.js'));
    const self = new MemoryWatch(process.pid);
    const owner = new Visitor();
    await signUp(owner);
    const token = owner.accessToken!;
    await new Promise<void>((done) => baseline.listen(0, '127.0.0.1', done));
    const bareUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;
    await new Promise<void>((done) => sameWork.listen(0, '127.0.0.1', done));
    const sameWorkUrl = `http://127.0.0.1:${(sameWork.address() as AddressInfo).port}`;

    // Idle: the stack up, an owner signed in, nothing uploaded yet.
    await sleep(2_000);
    media.start();
    gateway.start();
    await sleep(3_000);
    const idle = { media: media.stop(), gateway: gateway.stop() };
    const selfIdle = self.currentMb();

    console.log(
      `Uploads: ${CONCURRENCIES.map((c) => `${uploadsAt(c)} at concurrency ${c}`).join(', ')} ` +
        `(in-process sharp, primary only: ${CONCURRENCIES.map((c) => sharpRunsAt(c)).join(' and ')}), ` +
        `after ${WARM_UP} to warm up; on ${cpus().length} cores\n`,
    );
    const rows: Row[] = [];
    let uploaded = 0;
    let addresses = 0;

    // Warm-up (not counted): connections, JIT, the first job through the queue.
    for (let i = 0; i < WARM_UP; i += 1) await upload(stack.baseUrl, jpeg, addresses++, token);
    uploaded += WARM_UP;
    await variantsDone(uploaded);
    for (let i = 0; i < WARM_UP; i += 1) await upload(bareUrl, jpeg, i);
    for (let i = 0; i < WARM_UP; i += 1)
      await makePrimary(jpeg, 'jpeg', { ...PRODUCT_BOX, maxPixels: MAX_PIXELS });
    for (let i = 0; i < WARM_UP; i += 1) await upload(sameWorkUrl, jpeg, i);
    await slots.drained();

    const primaries = new Map<number, Awaited<ReturnType<typeof makePrimary>>>();
    for (const concurrency of CONCURRENCIES) {
      const total = uploadsAt(concurrency);
      rows.push(
        row(
          'bare Node http (transport ceiling)',
          concurrency,
          await timed(total, concurrency, async (n) => {
            await upload(bareUrl, jpeg, n);
          }),
        ),
      );
      self.start();
      const primaryOnly = await timed(sharpRunsAt(concurrency), concurrency, async () => {
        primaries.set(
          concurrency,
          await makePrimary(jpeg, 'jpeg', { ...PRODUCT_BOX, maxPixels: MAX_PIXELS }),
        );
      });
      rows.push({
        ...row(
          'sharp in-process, primary only (what the answer waits for)',
          concurrency,
          primaryOnly,
        ),
        peakMb: self.stop(),
      });
      self.start();
      const sameWorkRun = await timed(total, concurrency, async (n) => {
        await upload(sameWorkUrl, jpeg, n);
      });
      const sameWorkStarted = performance.now();
      await slots.drained();
      rows.push({
        ...row(
          'same work in one process (http + primary, variants after; the target baseline)',
          concurrency,
          sameWorkRun,
        ),
        peakMb: self.stop(),
      });
      console.log(
        `concurrency ${concurrency}, same work in one process: the last variants were made ` +
          `${((performance.now() - sameWorkStarted) / 1000).toFixed(1)} s after the last answer`,
      );

      media.start();
      gateway.start();
      let first: UploadedImage | undefined;
      const kartlink = await timed(total, concurrency, async () => {
        const answer = await upload(stack.baseUrl, jpeg, addresses++, token);
        first ??= answer;
      });
      uploaded += total;
      // The thumbnails and WebP copies follow in the background: part of the memory window.
      const variantsAfter = await variantsDone(uploaded);
      rows.push({
        ...row('Kartlink (answer with photoURL)', concurrency, kartlink),
        peakMb: media.stop(),
        gatewayPeakMb: gateway.stop(),
      });
      console.log(
        `concurrency ${concurrency}: ${total} uploads in ${kartlink.seconds.toFixed(1)} s; ` +
          `the last variants were made ${variantsAfter.toFixed(1)} s after the last answer`,
      );

      // The stored image is what the pipeline makes of the photo.
      const served = await fetch(`${stack.baseUrl}${first!.photoURL}`, {
        headers: { accept: 'image/jpeg' },
      });
      const servedMeta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      const local = primaries.get(concurrency)!;
      if (
        served.status !== 200 ||
        servedMeta.width !== local.width ||
        servedMeta.height !== local.height
      )
        throw new Error(
          `${first!.photoURL} answered ${served.status}, ${servedMeta.width}×${servedMeta.height}; ` +
            `the in-process pipeline made ${local.width}×${local.height}`,
        );
    }
    const firstPrimary = primaries.get(1)!;
    console.log(
      `Stored primary: ${firstPrimary.width}×${firstPrimary.height} JPEG of ` +
        `${(firstPrimary.data.length / 1024).toFixed(0)} KB (same as served by photoURL)\n`,
    );

    gateway.start();
    const settled = await settle(media);
    const after = { media: settled.peakAfter5s, gateway: gateway.stop() };

    console.table(
      rows.map((r) => ({
        path: r.path,
        c: r.concurrency,
        uploads: r.uploads,
        'p50 ms': ms(r.p50),
        'p95 ms': ms(r.p95),
        'uploads/s': r.perSecond.toFixed(2),
      })),
    );

    const lines = [
      `Upload of a ${(jpeg.length / MB).toFixed(1)} MB JPEG (${meta.width}×${meta.height}), ` +
        `POST /api/photos/upload type=product, until the answer with photoURL; ` +
        `${cpus().length} cores, media-service with its defaults (2 images at a time).`,
      '',
      '| path | concurrency | uploads | p50 ms | p95 ms | uploads/s | peak RSS MB, media-service (sharp rows: this process) | gateway peak RSS MB |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        (r) =>
          `| ${r.path} | ${r.concurrency} | ${r.uploads} | ${ms(r.p50)} | ${ms(r.p95)} | ` +
          `${r.perSecond.toFixed(2)} | ${r.peakMb === undefined ? '' : mb(r.peakMb)} | ` +
          `${r.gatewayPeakMb === undefined ? '' : mb(r.gatewayPeakMb)} |`,
      ),
      `| Kartlink idle, before the uploads (5 s) | | | | | | ${mb(idle.media)} | ${mb(idle.gateway)} |`,
      `| Kartlink idle, after the uploads (2 to 5 s) | | | | | | ${mb(after.media)} | ${mb(after.gateway)} |`,
      `| Kartlink idle, ${IDLE_SECONDS} s after the uploads | | | | | | ${mb(settled.last)} | |`,
      `| this process idle, before the sharp runs | | | | | | ${mb(selfIdle)} | |`,
      '',
      'Peak RSS: the most of VmRSS polled every 20 ms and the kernel high-water mark (VmHWM, ' +
        'reset at the start of each window); the Kartlink windows last until the background ' +
        'thumbnail and WebP jobs of the window are done. p95 is the nearest rank.',
    ];
    const ratios = CONCURRENCIES.map((c) => {
      const p50 = (start: string) =>
        rows.find((r) => r.concurrency === c && r.path.startsWith(start))!.p50;
      const kartlink = p50('Kartlink');
      return (
        `concurrency ${c}: Kartlink p50 ${(kartlink / p50('same work')).toFixed(2)}× the same work ` +
        `in one process, ${(kartlink / p50('sharp in-process')).toFixed(2)}× the primary alone`
      );
    });
    lines.push(
      '',
      ...ratios,
      `media-service after the uploads: ${
        settled.underAt === undefined
          ? `still at or over ${IDLE_TARGET_MB} MB after ${IDLE_SECONDS} s`
          : `under ${IDLE_TARGET_MB} MB from ${settled.underAt.toFixed(1)} s of idle on`
      }`,
    );
    console.log(`\n${lines.join('\n')}`);
  } finally {
    baseline.close();
    sameWork.close();
    await stack.stop();
    await run.cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
