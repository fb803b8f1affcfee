/** What the public tracking calls say about a visitor (SPEC section 7): no identifiers. */
export type Device = 'mobile' | 'tablet' | 'desktop';

export function deviceOf(userAgent: string): Device {
  const mobile = /Mobi|iPhone|iPod|Windows Phone|Opera Mini/i.test(userAgent);
  // Android tablets are Android without "Mobile" anywhere in the user agent.
  if (/iPad|Tablet|PlayBook|Silk/i.test(userAgent) || (/Android/i.test(userAgent) && !mobile))
    return 'tablet';
  if (mobile) return 'mobile';
  return 'desktop';
}

// In-app browsers first: most visitors arrive from Instagram and WhatsApp, and their user
// agents also name the engine underneath (Chrome, Safari).
const BROWSERS: Array<[name: string, pattern: RegExp]> = [
  ['Instagram', /Instagram/],
  ['Facebook', /FBAN|FBAV|FB_IAB/],
  ['WhatsApp', /WhatsApp/],
  ['Samsung Internet', /SamsungBrowser/],
  ['Edge', /Edg(?:e|A|iOS)?\//],
  ['Opera', /OPR\/|Opera/],
  ['Firefox', /Firefox|FxiOS/],
  ['Chrome', /Chrome|CriOS/],
  ['Safari', /Safari/],
];

export function browserOf(userAgent: string): string {
  return BROWSERS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'Other';
}

/** The visitor's time zone, e.g. "Asia/Kolkata", or '' when the browser does not say. */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}
