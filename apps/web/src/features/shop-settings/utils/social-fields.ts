import type { SocialPlatform } from '@kartlink/contracts';

interface SocialField {
  label: string;
  placeholder: string;
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'url';
}

/** How each platform of SPEC section 3 is asked for. */
export const SOCIAL_FIELDS: Record<SocialPlatform, SocialField> = {
  instagram: { label: 'Instagram', placeholder: 'yourshop' },
  facebook: { label: 'Facebook', placeholder: 'yourshop' },
  x: { label: 'X', placeholder: 'yourshop' },
  twitter: {
    label: 'Twitter (old link)',
    placeholder: 'yourshop',
    hint: 'Twitter is now X: fill in X instead, and this one is hidden.',
  },
  youtube: { label: 'YouTube', placeholder: 'yourchannel', hint: 'Your @handle.' },
  linkedin: { label: 'LinkedIn', placeholder: 'your-company', hint: 'Your company page.' },
  tiktok: { label: 'TikTok', placeholder: 'yourshop' },
  snapchat: { label: 'Snapchat', placeholder: 'yourshop' },
  pinterest: { label: 'Pinterest', placeholder: 'yourshop' },
  telegram: { label: 'Telegram', placeholder: 'yourchannel' },
  discord: { label: 'Discord', placeholder: 'invite-code', hint: 'The code of an invite link.' },
  reddit: { label: 'Reddit', placeholder: 'yourname' },
  whatsapp: {
    label: 'WhatsApp',
    placeholder: '919876543210',
    hint: 'Your number with the country code.',
    type: 'tel',
  },
  email: { label: 'E-mail', placeholder: 'hello@yourshop.in', type: 'email' },
  phone: { label: 'Phone', placeholder: '+919876543210', type: 'tel' },
  website: { label: 'Website', placeholder: 'yourshop.in', type: 'url' },
};
