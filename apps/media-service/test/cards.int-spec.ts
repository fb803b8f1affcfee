import {
  type DefaultCardAnswer,
  type DefaultCardRequest,
  ErrorCode,
  SHARE_CARD,
  SHOP_NAME_MAX,
  Subjects,
} from '@kartlink/contracts';
import { readBlob } from '@kartlink/server-kit';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { RunningMedia, startMediaService, TestBlobs } from './support/media-harness';

jest.setTimeout(60_000);

let running: RunningMedia;
let blobs: TestBlobs;

beforeAll(async () => {
  running = await startMediaService();
  blobs = await TestBlobs.open();
}, 30_000);

afterAll(async () => {
  await blobs?.close();
  await running?.close();
});

async function defaultCard(shopName: string, shopUrl = 'asha-styles') {
  const { key } = await running.request<DefaultCardAnswer>(Subjects.media.defaultCard, {
    shopName,
    shopUrl,
  } satisfies DefaultCardRequest);
  const bytes = await readBlob(blobs.store, key);
  if (!bytes) throw new Error(`no card at ${key}`);
  return { key, bytes };
}

// Where the card draws the name, and where "Kartlink" sits under it.
const NAME_AREA = { left: 90, top: 110, width: 1020, height: 340 };
const BRAND_AREA = { left: 480, top: 522, width: 240, height: 44 };

/** How much a region's brightness varies: about 0 for a plain colour, large where text is. */
async function variation(card: Buffer, region: typeof NAME_AREA) {
  const { data } = await sharp(card)
    .extract(region)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mean = data.reduce((sum, v) => sum + v, 0) / data.length;
  return Math.sqrt(data.reduce((sum, v) => sum + (v - mean) ** 2, 0) / data.length);
}

/** The share of a region's pixels that are near-white: the name's letters. */
async function inked(card: Buffer, region: typeof NAME_AREA) {
  const { data } = await sharp(card).extract(region).greyscale().raw().toBuffer({
    resolveWithObject: true,
  });
  return data.filter((v) => v > 200).length / data.length;
}

describe("a shop's default share card", () => {
  it("is a 1200×630 JPEG with the shop's name and Kartlink drawn on it", async () => {
    const { key, bytes } = await defaultCard('Asha Styles');
    expect(key).toMatch(/^cards\/default\/[0-9a-f]{40}$/);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', space: 'srgb', ...SHARE_CARD });
    expect(meta.exif).toBeUndefined();
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    expect(await variation(bytes, NAME_AREA)).toBeGreaterThan(30);
    expect(await inked(bytes, NAME_AREA)).toBeGreaterThan(0.03);
    expect(await variation(bytes, BRAND_AREA)).toBeGreaterThan(20);
    // Beside the name, the card is its plain background: the text is where it is meant to be.
    expect(await variation(bytes, { left: 0, top: 250, width: 80, height: 80 })).toBeLessThan(6);
  });

  it('is drawn once per name: asked again it is the same blob; a new name is a new card', async () => {
    const first = await defaultCard('Meera Finds', 'meera');
    const again = await defaultCard('Meera Finds', 'meera');
    expect(again.key).toBe(first.key);
    const renamed = await defaultCard('Meera Finds & Gifts', 'meera');
    expect(renamed.key).not.toBe(first.key);
    expect(renamed.bytes.equals(first.bytes)).toBe(false);
  });

  it.each([
    ['a Hindi name', 'क्षत्रिय हिंदी कपड़े की दुकान'],
    ['a Tamil name', 'தமிழ் கடை ஸ்ரீ'],
    ['a name with emoji', 'Chai ☕ & Cake 🎂 👩‍🍳 🇮🇳'],
    ['the longest name', `${'Handmade Jewellery '.repeat(6)}`.slice(0, SHOP_NAME_MAX)],
    ['a single word of the longest length', 'W'.repeat(SHOP_NAME_MAX)],
    ['a name with control characters', 'Asha\u0000\u202e Styles\n'],
  ])('draws %s', async (_label, name) => {
    const { bytes } = await defaultCard(name);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', ...SHARE_CARD });
    expect(await inked(bytes, NAME_AREA)).toBeGreaterThan(0.03);
  });

  it('draws the shop URL for a name none of whose letters its fonts have', async () => {
    const chinese = await defaultCard('茶叶店', 'tea-house');
    const url = await defaultCard('tea-house', 'tea-house');
    expect(await inked(chinese.bytes, NAME_AREA)).toBeGreaterThan(0.03);
    const [a, b] = await Promise.all(
      [chinese.bytes, url.bytes].map((card) => sharp(card).raw().toBuffer()),
    );
    expect(a!.equals(b!)).toBe(true);
  });

  it('refuses a request without a name or with a URL that is not one', async () => {
    for (const request of [
      { shopName: '  ', shopUrl: 'asha' },
      { shopName: 42, shopUrl: 'asha' },
      { shopName: 'Asha', shopUrl: '../etc' },
      { shopName: 'x'.repeat(1001), shopUrl: 'asha' },
    ])
      await expect(running.request(Subjects.media.defaultCard, request)).rejects.toMatchObject({
        code: ErrorCode.VALIDATION_ERROR,
      });
  });

  it('looks the same on a machine with no fonts at all', async () => {
    // fontconfig with no font folder: what a slim server container has.
    const dir = await mkdtemp(join(tmpdir(), 'no-fonts-'));
    try {
      const config = join(dir, 'fonts.conf');
      await writeFile(
        config,
        `<?xml version="1.0"?><fontconfig><cachedir>${dir}/cache</cachedir></fontconfig>`,
      );
      const root = resolve(__dirname, '../../..');
      const draw = (env: NodeJS.ProcessEnv) =>
        promisify(execFile)(
          process.execPath,
          [
            '--import',
            'tsx',
            '-e',
            `const sharp = require('sharp');
             const { renderDefaultCard } = require('./apps/media-service/src/cards/default-card.ts');
             const text = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80">' +
               '<text x="10" y="60" font-size="50">Asha</text></svg>';
             Promise.all([
               renderDefaultCard('आशा Styles தமிழ் ☕', 'asha'),
               sharp(Buffer.from(text)).flatten({ background: '#fff' }).raw().toBuffer(),
             ]).then(([card, control]) => process.stdout.write(JSON.stringify({
               card: card.toString('base64'), control: control.toString('base64'),
             })));`,
          ],
          { cwd: root, env: { ...process.env, ...env }, maxBuffer: 8 * 1024 * 1024 },
        ).then(({ stdout }) => {
          const { card, control } = JSON.parse(stdout) as { card: string; control: string };
          return { card: Buffer.from(card, 'base64'), control: Buffer.from(control, 'base64') };
        });
      const withFonts = await draw({});
      const without = await draw({ FONTCONFIG_FILE: config });
      // The environment does take the fonts away: SVG <text> comes out otherwise there.
      expect(without.control.equals(withFonts.control)).toBe(false);
      // The card does not change: every letter is a path.
      const [a, b] = await Promise.all(
        [withFonts.card, without.card].map((card) => sharp(card).raw().toBuffer()),
      );
      expect(b!.equals(a!)).toBe(true);
      expect(await inked(without.card, NAME_AREA)).toBeGreaterThan(0.03);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
