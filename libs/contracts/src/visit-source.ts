/**
 * Where a visit or a store click came from, as an owner thinks of it: the app the link was
 * opened in, or the site it was tapped on. Decided by the gateway for each event and kept with
 * the raw user agent, so the rules below can be applied again to stored events.
 */
export const VISIT_SOURCES = [
  'instagram',
  'whatsapp',
  'facebook',
  'youtube',
  'x',
  'telegram',
  'direct',
  'other',
] as const;
export type VisitSource = (typeof VISIT_SOURCES)[number];

/**
 * In-app browsers by their user agent's own token, checked before the referrer (the gateway
 * asks ua-parser-js first, which knows Instagram's, Facebook's and X's; these tokens also
 * cover the ones it does not, like Telegram's, and the rules re-applied to stored events): Instagram's
 * and Facebook's webviews often send none (or only their link shim). WhatsApp and YouTube have
 * no in-app browser (links open in the phone's browser or a custom tab): their referrer tells.
 * Meta's apps: "Instagram 312.1.0.34.111 Android (…)", "[FBAN/FBIOS;FBAV/438…]",
 * "[FB_IAB/FB4A;FBAV/443…]" (Messenger says FBAN/MessengerForiOS or FB_IAB/MESSENGER).
 */
const IN_APP: Array<[VisitSource, RegExp]> = [
  ['instagram', /\bInstagram \d/],
  ['facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\//],
  // X's in-app browser: "TwitterAndroid" on Android, "Twitter for iPhone" on iOS.
  ['x', /\bTwitterAndroid\b|\bTwitter for i(Phone|Pad)\b/],
  // Telegram's in-app browser on Android adds "Telegram-Android/11.2.3".
  ['telegram', /\bTelegram-Android\//],
];

/**
 * Referring hosts (without www.) and their app, matched on the host or a subdomain of it:
 * link shims (l.instagram.com, lm.facebook.com, l.wl.co for WhatsApp, t.co), the sites, and the
 * Android apps Chrome names as `android-app://{package}` when a custom tab opens a link.
 */
const REFERRERS: Array<[VisitSource, string[]]> = [
  ['instagram', ['instagram.com', 'com.instagram.android']],
  [
    'facebook',
    [
      'facebook.com',
      'fb.com',
      'fb.me',
      'messenger.com',
      'com.facebook.katana',
      'com.facebook.orca',
    ],
  ],
  [
    'whatsapp',
    ['whatsapp.com', 'wa.me', 'whatsapp.net', 'wl.co', 'com.whatsapp', 'com.whatsapp.w4b'],
  ],
  ['youtube', ['youtube.com', 'youtu.be', 'com.google.android.youtube']],
  ['x', ['t.co', 'x.com', 'twitter.com', 'com.twitter.android']],
  ['telegram', ['t.me', 'telegram.me', 'telegram.org', 'org.telegram.messenger']],
];

const onHost = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** The app a referring host belongs to; `other` for any other site, `direct` for none. */
export function sourceOfReferrer(referrerHost: string | null | undefined): VisitSource {
  const host = referrerHost
    ?.trim()
    .toLowerCase()
    .replace(/^www\./, '');
  if (!host) return 'direct';
  for (const [source, domains] of REFERRERS)
    if (domains.some((domain) => onHost(host, domain))) return source;
  return 'other';
}

/**
 * The source of a visit or click: the in-app browser named in the user agent first, then the
 * referring host (already without www., our own site counted as none), then the source the
 * link itself names (sourceOfCampaign), else direct.
 */
export function visitSource(
  userAgent: string | null | undefined,
  referrerHost: string | null | undefined,
  campaign?: string | null,
): VisitSource {
  if (userAgent) for (const [source, token] of IN_APP) if (token.test(userAgent)) return source;
  const source = sourceOfReferrer(referrerHost);
  return source === 'direct' ? (sourceOfCampaign(campaign) ?? source) : source;
}

/** `utm_source` values (or `ref`) people put on shared links, by the source they name. */
const CAMPAIGN_NAMES: Record<string, VisitSource> = {
  instagram: 'instagram',
  ig: 'instagram',
  whatsapp: 'whatsapp',
  wa: 'whatsapp',
  facebook: 'facebook',
  fb: 'facebook',
  youtube: 'youtube',
  yt: 'youtube',
  x: 'x',
  twitter: 'x',
  telegram: 'telegram',
  tg: 'telegram',
};

/**
 * The source a shared link names in its `utm_source` (or `ref`) parameter, e.g. a link posted
 * to a WhatsApp status as `…?utm_source=whatsapp` (WhatsApp opens links with no referrer).
 * Undefined for any other value.
 */
function sourceOfCampaign(value: string | null | undefined): VisitSource | undefined {
  return value ? CAMPAIGN_NAMES[value.trim().toLowerCase()] : undefined;
}
