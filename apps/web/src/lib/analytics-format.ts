import { DIRECT_REFERRER, UNKNOWN_KEY } from '@kartlink/contracts';

/** A count as people in India read it: 1,23,456. */
export const formatCount = (n: number) => n.toLocaleString('en-IN');

/** "12 clicks", "1 click". */
export const countOf = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** A 0–1 rate as a percentage with at most one decimal: 0.1234 → "12.3%". */
export const formatRate = (rate: number) =>
  `${(rate * 100).toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;

/** A part of a whole as a whole percentage ("45%"); "<1%" for a small part, "0%" for none. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  const percent = (part / whole) * 100;
  return percent < 1 ? '<1%' : `${Math.round(percent)}%`;
}

/**
 * How a figure moved against the period before. `none`: the period before had nothing, so
 * there is no percentage to give (neutral).
 */
export interface Change {
  direction: 'up' | 'down' | 'flat' | 'none';
  /** "25%", "2.5%", "<0.1%"; empty for flat and none. */
  percent: string;
}

export function changeBetween(current: number, previous: number): Change {
  if (previous === 0) return { direction: 'none', percent: '' };
  if (current === previous) return { direction: 'flat', percent: '' };
  const ratio = Math.abs((current - previous) / previous) * 100;
  const percent =
    ratio < 0.1
      ? '<0.1%'
      : `${ratio.toLocaleString('en-IN', { maximumFractionDigits: ratio < 10 ? 1 : 0 })}%`;
  return { direction: current > previous ? 'up' : 'down', percent };
}

const capitalised = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** Names and colours of the stores shoppers know (SPEC section 3's icon keys). */
const STORES: Record<string, { name: string; color: string }> = {
  amazon: { name: 'Amazon', color: '#ff9900' },
  flipkart: { name: 'Flipkart', color: '#2874f0' },
  myntra: { name: 'Myntra', color: '#ff3f6c' },
  ajio: { name: 'AJIO', color: '#5b7a99' },
  meesho: { name: 'Meesho', color: '#9f2089' },
  whatsapp: { name: 'WhatsApp', color: '#25d366' },
  nykaa: { name: 'Nykaa', color: '#e80071' },
};
// Other stores get one of these, the same one every time.
const OTHER_STORE_COLORS = ['#0d9488', '#7c3aed', '#64748b', '#ca8a04', '#db2777', '#0891b2'];

/** A breakdown's store key (lower-case vendor) as people call it: "amazon" → "Amazon". */
export function storeName(key: string): string {
  if (key === UNKNOWN_KEY) return 'Unknown';
  return STORES[key]?.name ?? capitalised(key);
}

export function storeColor(key: string): string {
  const known = STORES[key];
  if (known) return known.color;
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return OTHER_STORE_COLORS[hash % OTHER_STORE_COLORS.length];
}

/** "mobile" → "Mobile". */
export const deviceName = (key: string) => (key === UNKNOWN_KEY ? 'Unknown' : capitalised(key));

/** Browser keys are names already ("Instagram", "Chrome"). */
export const browserName = (key: string) => (key === UNKNOWN_KEY ? 'Unknown' : key);

// The time zones most visitors of Indian shops are in, by the country people know them as.
const ZONE_COUNTRIES: Record<string, string> = {
  'Asia/Kolkata': 'India',
  'Asia/Calcutta': 'India',
  'Asia/Dubai': 'United Arab Emirates',
  'Asia/Muscat': 'Oman',
  'Asia/Qatar': 'Qatar',
  'Asia/Riyadh': 'Saudi Arabia',
  'Asia/Kuwait': 'Kuwait',
  'Asia/Bahrain': 'Bahrain',
  'Asia/Singapore': 'Singapore',
  'Asia/Kathmandu': 'Nepal',
  'Asia/Dhaka': 'Bangladesh',
  'Asia/Colombo': 'Sri Lanka',
  'Asia/Karachi': 'Pakistan',
  'Europe/London': 'United Kingdom',
};

/**
 * A region key (the visitor's IANA time zone) as a place: "Asia/Kolkata" → "India", else the
 * zone's city: "America/New_York" → "New York".
 */
export function regionName(key: string): string {
  if (key === UNKNOWN_KEY) return 'Unknown';
  const country = ZONE_COUNTRIES[key];
  if (country) return country;
  const city = key.split('/').pop() ?? key;
  return city.replace(/_/g, ' ');
}

const REFERRER_SITES: Array<[name: string, host: RegExp]> = [
  ['Instagram', /(^|\.)instagram\.com$/],
  ['Facebook', /(^|\.)(facebook\.com|fb\.com|fb\.me)$/],
  ['WhatsApp', /(^|\.)(whatsapp\.com|wa\.me)$/],
  ['YouTube', /(^|\.)(youtube\.com|youtu\.be)$/],
  ['X (Twitter)', /(^|\.)(t\.co|x\.com|twitter\.com)$/],
  ['Google', /(^|\.)google\.[a-z.]+$/],
  ['Telegram', /(^|\.)(t\.me|telegram\.org)$/],
  ['Pinterest', /(^|\.)pinterest\.[a-z.]+$/],
  ['LinkedIn', /(^|\.)(linkedin\.com|lnkd\.in)$/],
];

/** A referrer key (a host, or "direct") as people know the site. */
export function referrerName(key: string): string {
  if (key === DIRECT_REFERRER) return 'Direct or in-app';
  if (key === UNKNOWN_KEY) return 'Unknown';
  return REFERRER_SITES.find(([, host]) => host.test(key))?.[0] ?? key;
}

/** Sources (VISIT_SOURCES) by the name and colour people know the app by. */
const SOURCES: Record<string, { name: string; color: string }> = {
  instagram: { name: 'Instagram', color: '#d62976' },
  whatsapp: { name: 'WhatsApp', color: '#25d366' },
  facebook: { name: 'Facebook', color: '#1877f2' },
  youtube: { name: 'YouTube', color: '#ff0000' },
  x: { name: 'X (Twitter)', color: '#64748b' },
  telegram: { name: 'Telegram', color: '#229ed9' },
  direct: { name: 'Direct', color: '#6366f1' },
  other: { name: 'Other sites', color: '#94a3b8' },
};

/** A source key as people say it: "x" → "X (Twitter)", "direct" → "Direct". */
export const sourceName = (key: string) =>
  SOURCES[key]?.name ?? (key === UNKNOWN_KEY ? 'Unknown' : capitalised(key));

export const sourceColor = (key: string) => SOURCES[key]?.color ?? '#94a3b8';

/** Where a click took the shopper: "app" → "Store's app". */
export function opensInName(key: string): string {
  if (key === 'app') return 'Store’s app';
  if (key === 'web') return 'Store’s website';
  return 'Not known';
}
