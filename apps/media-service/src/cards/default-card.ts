import { SHARE_CARD } from '@kartlink/contracts';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { fitText } from './card-text';

/** Bumped with any change of the drawing below, so that every stored card is drawn anew. */
const DESIGN = 'default-card-1';

// The web app's brand colours (apps/web/src/styles/global.css, light theme).
const BRAND = {
  primary: '#4338ca',
  primaryStrong: '#3730a3',
  primarySoft: '#e8e7fb',
  accent: '#d97706',
  onPrimary: '#ffffff',
};

const { width: W, height: H } = SHARE_CARD;

/** Names a card by what it shows: the same name (and fallback) always gives the same key. */
export function defaultCardDigest(shopName: string, shopUrl: string): string {
  return createHash('sha256')
    .update(`${DESIGN}\u0000${shopName.trim()}\u0000${shopUrl}`)
    .digest('hex')
    .slice(0, 40);
}

/** A small shopping bag, the mark beside "Kartlink". */
const bag = (x: number, y: number, size: number) => {
  const k = size / 32;
  return (
    `<g transform="translate(${x} ${y}) scale(${k})">` +
    `<rect x="2" y="9" width="28" height="22" rx="6" fill="${BRAND.accent}"/>` +
    `<path d="M10 12V8a6 6 0 0 1 12 0v4" fill="none" stroke="${BRAND.primarySoft}" stroke-width="3" stroke-linecap="round"/>` +
    `</g>`
  );
};

/**
 * The default share card of a shop without a picture: its name, as large as fits (up to four
 * lines, ending in "…" past that), centred on the brand's indigo, and "Kartlink" small below.
 * Centred, so that a preview cropping it to a square (WhatsApp's small one) keeps the name.
 * Every letter is a path (card-text.ts): no font needs to be installed.
 */
export async function renderDefaultCard(shopName: string, shopUrl: string): Promise<Buffer> {
  const nameOptions = {
    weight: 'bold' as const,
    box: { x: 90, y: 110, width: W - 180, height: 340 },
    sizes: [104, 96, 88, 80, 72, 64, 58, 52],
    maxLines: 4,
    lineHeight: 1.28,
    fill: BRAND.onPrimary,
  };
  const name = fitText(shopName, nameOptions) ?? fitText(shopUrl, nameOptions);
  const brand = fitText('Kartlink', {
    weight: 'semibold',
    box: { x: 0, y: H - 108, width: W + 44, height: 44 },
    sizes: [30],
    maxLines: 1,
    lineHeight: 1.2,
    fill: BRAND.primarySoft,
  })!;
  const rule = name ? Math.min(name.bottom + 34, H - 140) : H / 2;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${BRAND.primary}"/><stop offset="1" stop-color="${BRAND.primaryStrong}"/>` +
    `</linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<circle cx="${W - 70}" cy="-30" r="250" fill="${BRAND.primarySoft}" fill-opacity="0.08"/>` +
    `<circle cx="${W - 70}" cy="-30" r="160" fill="${BRAND.primarySoft}" fill-opacity="0.06"/>` +
    `<circle cx="40" cy="${H + 30}" r="210" fill="${BRAND.primarySoft}" fill-opacity="0.07"/>` +
    (name?.svg ?? '') +
    `<rect x="${W / 2 - 48}" y="${rule}" width="96" height="8" rx="4" fill="${BRAND.accent}"/>` +
    bag(brand.left - 44, H - 108 + 4, 34) +
    brand.svg +
    `</svg>`;
  return sharp(Buffer.from(svg))
    .toColourspace('srgb')
    .jpeg({ quality: 88, chromaSubsampling: '4:4:4', mozjpeg: true })
    .toBuffer();
}
