import type { SocialPlatform } from '@kartlink/contracts';
import type { ReactNode, SVGProps } from 'react';
import { Icon, InstagramIcon, LinkedInIcon, XIcon } from '../../../components/icons';
import { GlobeIcon } from './icons';

// Only the shop page shows these; kept apart so that product pages do not load them.
type IconProps = SVGProps<SVGSVGElement>;

const FacebookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
  </Icon>
);

const TwitterIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M23 3a10.9 10.9 0 0 1-3.1 1.5 4.5 4.5 0 0 0-7.9 3v1A10.7 10.7 0 0 1 3 4s-4 9 5 13a11.6 11.6 0 0 1-7 2c9 5 20 0 20-11.5 0-.3 0-.6-.1-.8A7.7 7.7 0 0 0 23 3z" />
  </Icon>
);

const YouTubeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22.5 6.4a2.8 2.8 0 0 0-1.9-2C18.9 4 12 4 12 4s-6.9 0-8.6.5a2.8 2.8 0 0 0-1.9 2A29 29 0 0 0 1 11.8a29 29 0 0 0 .5 5.3A2.8 2.8 0 0 0 3.4 19c1.7.5 8.6.5 8.6.5s6.9 0 8.6-.5a2.8 2.8 0 0 0 1.9-2 29 29 0 0 0 .5-5.2 29 29 0 0 0-.5-5.4z" />
    <path d="m9.8 15 5.7-3.2-5.7-3.3z" />
  </Icon>
);

const TikTokIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 12a4 4 0 1 0 4 4V3c.5 2.5 2.5 4.5 5 5" />
  </Icon>
);

const SnapchatIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3c3 0 5 2.2 5 5v3l2 1-2 1c.5 1.5 2 2.5 3 3-1.5.5-3 .5-3.5 1.5s-1.5.5-2.5.5-1.5 1-2 1-1-1-2-1-2 .5-2.5-.5S5.5 17.5 4 17c1-.5 2.5-1.5 3-3l-2-1 2-1V8c0-2.8 2-5 5-5z" />
  </Icon>
);

const PinterestIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 21 2.2-9M9 14c.6.9 1.7 1.5 3 1.5 2.5 0 4.5-2 4.5-4.8C16.5 8.6 14.5 7 12 7c-2.9 0-4.7 2-4.7 4.3 0 .9.3 1.7.8 2.2" />
  </Icon>
);

const TelegramIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />
  </Icon>
);

const DiscordIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M8.5 7.5a12 12 0 0 1 7 0M8 17l-1 2c-1.5-.3-3-1-4-2 0-4 1-8 3-10.5 1-.7 2.2-1.1 3.5-1.3M16 17l1 2c1.5-.3 3-1 4-2 0-4-1-8-3-10.5-1-.7-2.2-1.1-3.5-1.3M7.5 16.5c3 1.3 6 1.3 9 0" />
    <circle cx="9" cy="12" r="1" />
    <circle cx="15" cy="12" r="1" />
  </Icon>
);

const RedditIcon = (props: IconProps) => (
  <Icon {...props}>
    <ellipse cx="12" cy="14.5" rx="8" ry="5.5" />
    <path d="m12 9 1.5-5.5 4 1" />
    <circle cx="19" cy="5" r="1.5" />
    <path d="M9 16.5c1.8 1 4.2 1 6 0M9 13h.01M15 13h.01" />
  </Icon>
);

const WhatsAppIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 21l1.7-4.6A9 9 0 1 1 8 19.9z" />
    <path d="M9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a5 5 0 0 1-2.8-2.8l.8-1-1-2z" />
  </Icon>
);

const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 6-10 7L2 6" />
  </Icon>
);

const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
  </Icon>
);

/** Each social platform's name for people and its icon (SPEC section 3). */
export const SOCIAL_PLATFORM_INFO: Record<
  SocialPlatform,
  { name: string; Icon: (props: IconProps) => ReactNode }
> = {
  instagram: { name: 'Instagram', Icon: InstagramIcon },
  facebook: { name: 'Facebook', Icon: FacebookIcon },
  x: { name: 'X', Icon: XIcon },
  twitter: { name: 'Twitter', Icon: TwitterIcon },
  youtube: { name: 'YouTube', Icon: YouTubeIcon },
  linkedin: { name: 'LinkedIn', Icon: LinkedInIcon },
  tiktok: { name: 'TikTok', Icon: TikTokIcon },
  snapchat: { name: 'Snapchat', Icon: SnapchatIcon },
  pinterest: { name: 'Pinterest', Icon: PinterestIcon },
  telegram: { name: 'Telegram', Icon: TelegramIcon },
  discord: { name: 'Discord', Icon: DiscordIcon },
  reddit: { name: 'Reddit', Icon: RedditIcon },
  whatsapp: { name: 'WhatsApp', Icon: WhatsAppIcon },
  email: { name: 'Email', Icon: MailIcon },
  phone: { name: 'Phone', Icon: PhoneIcon },
  website: { name: 'Website', Icon: GlobeIcon },
};
