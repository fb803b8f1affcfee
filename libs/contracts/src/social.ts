/**
 * Social profiles of a shop (SPEC section 3): what is stored per platform and the one function
 * that turns a stored value into a link, used by the server and the web app alike.
 */
export const SOCIAL_PLATFORMS = [
  'instagram',
  'facebook',
  'x',
  'twitter',
  'youtube',
  'linkedin',
  'tiktok',
  'snapchat',
  'pinterest',
  'telegram',
  'discord',
  'reddit',
  'whatsapp',
  'email',
  'phone',
  'website',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export type SocialMedia = Partial<Record<SocialPlatform, string>>;

const HANDLE_LINKS: Partial<Record<SocialPlatform, (handle: string) => string>> = {
  instagram: (h) => `https://www.instagram.com/${h}`,
  facebook: (h) => `https://www.facebook.com/${h}`,
  x: (h) => `https://x.com/${h}`,
  twitter: (h) => `https://x.com/${h}`,
  youtube: (h) => `https://www.youtube.com/@${h}`,
  linkedin: (h) => `https://www.linkedin.com/company/${h}`,
  tiktok: (h) => `https://www.tiktok.com/@${h}`,
  snapchat: (h) => `https://www.snapchat.com/add/${h}`,
  pinterest: (h) => `https://www.pinterest.com/${h}`,
  telegram: (h) => `https://t.me/${h}`,
  discord: (h) => `https://discord.gg/${h}`,
  reddit: (h) => `https://www.reddit.com/u/${h}`,
};

export const isSocialPlatform = (value: string): value is SocialPlatform =>
  (SOCIAL_PLATFORMS as readonly string[]).includes(value);

/**
 * What is kept of a typed value. Handles keep letters, digits and . _ - only (a pasted profile
 * address keeps its last path segment first); WhatsApp and phone keep digits (and a leading
 * +); e-mail is trimmed and lower-cased; a website gets https:// when it has no scheme.
 * Answers '' when nothing usable is left.
 */
export function cleanSocialValue(platform: SocialPlatform, raw: string): string {
  const value = raw.trim();
  switch (platform) {
    case 'whatsapp':
      return value.replace(/\D/g, '');
    case 'phone':
      return value
        .replace(/(?!^\+)[^\d]/g, '')
        .replace(/^(\+?)(.*)$/, (_m, plus: string, rest: string) => (rest ? plus + rest : ''));
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value.toLowerCase() : '';
    case 'website':
      return websiteUrl(value);
    default: {
      const lastSegment = /^(https?:\/\/)?[^/]+\.[a-z]{2,}\//i.test(value)
        ? (value.replace(/\/+$/, '').split('/').pop() ?? '')
        : value;
      return lastSegment.replace(/^@/, '').replace(/[^A-Za-z0-9._-]/g, '');
    }
  }
}

function websiteUrl(value: string): string {
  if (!value) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

/** The link a stored value opens; undefined when there is nothing to link. */
export function socialLink(
  platform: SocialPlatform,
  stored: string | undefined,
): string | undefined {
  const value = stored ? cleanSocialValue(platform, stored) : '';
  if (!value) return undefined;
  if (platform === 'whatsapp') return `https://wa.me/${value}`;
  if (platform === 'email') return `mailto:${value}`;
  if (platform === 'phone') return `tel:${value}`;
  if (platform === 'website') return value;
  return HANDLE_LINKS[platform]!(value);
}

/** The platforms a visitor sees, in order; the legacy twitter entry hides when x is set. */
export function visibleSocialLinks(
  social: SocialMedia,
): Array<{ platform: SocialPlatform; url: string }> {
  return SOCIAL_PLATFORMS.filter((platform) => !(platform === 'twitter' && social.x))
    .map((platform) => ({ platform, url: socialLink(platform, social[platform]) }))
    .filter((entry): entry is { platform: SocialPlatform; url: string } => entry.url !== undefined);
}
