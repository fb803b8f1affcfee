import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';

/**
 * Text drawn as SVG paths, so that a card looks the same on a server with no fonts installed
 * (librsvg would draw `<text>` with whatever fonts the machine has, or nothing). The fonts come
 * from npm packages; fontkit shapes each run (Devanagari and Tamil conjuncts, vowel signs and
 * reordering included) and gives each glyph's outline.
 *
 * Fallback: each character is drawn with the first font that has it — Noto Sans (Latin, Greek,
 * Cyrillic, Vietnamese), Noto Sans Devanagari, Noto Sans Tamil, then Noto Emoji (a monochrome
 * outline emoji font, drawn in the text's colour). A character none of them has (Chinese,
 * Arabic, …) is left out; a name with nothing left to draw is replaced by the caller's fallback.
 */

// Resolved by name, so that the font files travel with their npm packages.
const FONT_FILES = {
  bold: [
    require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
    require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
    require.resolve('@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf'),
    require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  ],
  semibold: [require.resolve('@expo-google-fonts/noto-sans/600SemiBold/NotoSans_600SemiBold.ttf')],
};

type Weight = keyof typeof FONT_FILES;

const loaded = new Map<Weight, fontkit.Font[]>();

function fonts(weight: Weight): fontkit.Font[] {
  let list = loaded.get(weight);
  if (!list) {
    list = FONT_FILES[weight].map((file) => fontkit.create(readFileSync(file)) as fontkit.Font);
    loaded.set(weight, list);
  }
  return list;
}

const MARK = /^\p{M}$/u;
/** Joiners, variation selectors and the keycap mark. */
const JOINERS = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f, 0x20e3]);
/**
 * Characters that belong with the one before them: marks, joiners, variation selectors, skin
 * tones and the tags of subdivision flags.
 */
const clings = (char: string, cp: number) =>
  MARK.test(char) ||
  JOINERS.has(cp) ||
  (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
  (cp >= 0xe0020 && cp <= 0xe007f);
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator})$/u;
const LETTER = /^\p{L}$/u;
// Controls, format characters and private-use code points are never drawn.
const INVISIBLE = /[\p{Cc}\p{Co}\p{Cn}\u2028\u2029\u200b\u2060\ufeff\u202a-\u202e\u2066-\u2069]/gu;

interface Run {
  font: fontkit.Font;
  text: string;
}

/** The line cut into runs of one font each; characters no font has are left out. */
function runsOf(line: string, list: fontkit.Font[]): Run[] {
  const runs: Run[] = [];
  const chars = [...line];
  chars.forEach((char, i) => {
    const last = runs[runs.length - 1];
    const cp = char.codePointAt(0)!;
    if (clings(char, cp)) {
      if (last) last.text += char;
      return;
    }
    const emojiStyle = EMOJI.test(char) || chars[i + 1] === '\ufe0f';
    const emojiFont = list[list.length - 1]!;
    const covering = list.filter((font) => font.hasGlyphForCodePoint(cp));
    let font: fontkit.Font | undefined;
    if (emojiStyle && emojiFont.hasGlyphForCodePoint(cp)) font = emojiFont;
    // Spaces, digits and punctuation stay in the run of text they are in, when its font has them.
    else if (last && last.font !== emojiFont && !LETTER.test(char) && covering.includes(last.font))
      font = last.font;
    font ??= covering[0];
    if (!font) return;
    if (last?.font === font) last.text += char;
    else runs.push({ font, text: char });
  });
  return runs;
}

interface Placed {
  /** The line's glyphs, each at its place in ems from the line's start on the baseline (y down). */
  glyphs: { font: fontkit.Font; glyph: fontkit.Glyph; x: number; y: number }[];
  /** Advance width, in ems. */
  width: number;
}

/** Shapes a line; measured in ems, so one shaping serves every font size. */
class Shaper {
  private readonly cache = new Map<string, Placed>();

  constructor(private readonly list: fontkit.Font[]) {}

  shape(line: string): Placed {
    let placed = this.cache.get(line);
    if (placed) return placed;
    placed = { glyphs: [], width: 0 };
    for (const run of runsOf(line, this.list)) {
      const { glyphs, positions } = run.font.layout(run.text);
      const em = run.font.unitsPerEm;
      glyphs.forEach((glyph, i) => {
        const pos = positions[i]!;
        placed!.glyphs.push({
          font: run.font,
          glyph,
          x: placed!.width + pos.xOffset / em,
          y: -pos.yOffset / em,
        });
        placed!.width += pos.xAdvance / em;
      });
    }
    this.cache.set(line, placed);
    return placed;
  }

  /** The text less what no font has. */
  drawable(text: string): string {
    return runsOf(text, this.list)
      .map((run) => run.text)
      .join('');
  }
}

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map(
    (s) => s.segment,
  );

/** Greedy wrapping at spaces; a word longer than a line is cut between graphemes. */
function wrap(words: string[], maxEm: number, shaper: Shaper): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (text: string) => shaper.shape(text).width <= maxEm;
  for (const word of words) {
    const joined = current ? `${current} ${word}` : word;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    if (fits(word)) {
      current = word;
      continue;
    }
    for (const g of graphemes(word)) {
      if (current && !fits(current + g)) {
        lines.push(current);
        current = '';
      }
      current += g;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The last line shortened to end in an ellipsis within the width. */
function ellipsize(line: string, maxEm: number, shaper: Shaper): string {
  const parts = graphemes(line);
  while (parts.length > 0 && shaper.shape(`${parts.join('').trimEnd()}…`).width > maxEm)
    parts.pop();
  return `${parts.join('').trimEnd()}…`;
}

export interface TextBlock {
  /** `<path>` elements, positioned in the card's pixels. */
  svg: string;
  size: number;
  lines: string[];
  /** Where the block is drawn: its lines' top and bottom, and its widest line's left edge. */
  top: number;
  bottom: number;
  left: number;
}

export interface FitOptions {
  weight: Weight;
  /** The box the block is centred in (horizontally per line, vertically as a whole). */
  box: { x: number; y: number; width: number; height: number };
  /** Font sizes tried from the largest down, in pixels. */
  sizes: number[];
  maxLines: number;
  lineHeight: number;
  fill: string;
}

/** The text, as large as fits the box in at most maxLines lines; null when nothing draws. */
export function fitText(text: string, options: FitOptions): TextBlock | null {
  const list = fonts(options.weight);
  const shaper = new Shaper(list);
  const clean = shaper
    .drawable(text.normalize('NFC').replace(/\s/gu, ' ').replace(INVISIBLE, ''))
    .replace(/\s+/gu, ' ')
    .trim();
  // Spaces and punctuation alone are not a name.
  if (!/[\p{L}\p{N}\p{Extended_Pictographic}]/u.test(clean)) return null;
  const words = clean.split(' ');
  const { box, maxLines, lineHeight } = options;
  let size = options.sizes[options.sizes.length - 1]!;
  let lines: string[] = [];
  for (const candidate of options.sizes) {
    size = candidate;
    lines = wrap(words, box.width / size, shaper);
    if (lines.length <= maxLines && lines.length * size * lineHeight <= box.height) break;
  }
  const fitting = Math.max(1, Math.min(maxLines, Math.floor(box.height / (size * lineHeight))));
  if (lines.length > fitting) {
    lines = lines.slice(0, fitting);
    lines[fitting - 1] = ellipsize(lines[fitting - 1]!, box.width / size, shaper);
  }
  const blockHeight = lines.length * size * lineHeight;
  const blockTop = box.y + (box.height - blockHeight) / 2;
  let blockLeft = box.x + box.width;
  const paths = lines.map((line, i) => {
    const placed = shaper.shape(line);
    const left = box.x + (box.width - placed.width * size) / 2;
    blockLeft = Math.min(blockLeft, left);
    // The baseline sits so that the capitals look centred in the line.
    const baseline = blockTop + (i + 0.5) * size * lineHeight + size * 0.36;
    const d = placed.glyphs
      .map(({ font, glyph, x, y }) => {
        const k = size / font.unitsPerEm;
        return glyph.path
          .scale(k, -k)
          .translate(left + x * size, baseline + y * size)
          .toSVG();
      })
      .join('');
    return d ? `<path fill="${options.fill}" d="${d}"/>` : '';
  });
  return {
    svg: paths.join(''),
    size,
    lines,
    top: blockTop,
    bottom: blockTop + blockHeight,
    left: blockLeft,
  };
}
