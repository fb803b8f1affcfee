import { formatRupees } from '@kartlink/contracts';

/**
 * Kartlink's prices, in rupees, in one place. Upgrading is done by our team for now: the pages
 * ask people to write to support.
 */
export const PRICES = {
  premiumMonthly: 299,
  premiumYearly: 2999,
  /** /dashboard/secretoffer: Premium for a year, for people who have that link. */
  secretOfferYearly: 1999,
} as const;

/** What a year of Premium saves against 12 months paid one by one. */
export const yearlySaving = (yearly: number) => PRICES.premiumMonthly * 12 - yearly;

export const percentOff = (price: number, full: number) => Math.round((1 - price / full) * 100);

export interface Plan {
  id: 'free' | 'premium';
  name: string;
  price: string;
  period: string;
  alternative?: string;
  summary: string;
  features: string[];
}

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    price: formatRupees(0),
    period: 'forever',
    summary: 'Everything to open your shop and start sharing.',
    features: [
      'Your own shop at your chosen address',
      'A limited number of products',
      'Each product on up to 7 stores, with one short link',
      'Click counts for every link',
      'Social links on your shop',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    price: formatRupees(PRICES.premiumMonthly),
    period: 'per month',
    alternative: `or ${formatRupees(PRICES.premiumYearly)} per year (save ${formatRupees(
      yearlySaving(PRICES.premiumYearly),
    )})`,
    summary: 'For sellers who list more than a few products.',
    features: [
      'Unlimited products',
      'Everything in Free',
      'Search and sharing settings for your shop (SEO)',
      'Banners on your shop, as soon as uploads arrive',
    ],
  },
];

/** A mailto: to support with a subject and a first line already written. */
export function upgradeMailto(supportMailto: string, subject: string, email?: string): string {
  const body = email ? `Please upgrade my Kartlink account (${email}) to Premium.` : '';
  const query = new URLSearchParams({ subject, body }).toString().replace(/\+/g, '%20');
  return `${supportMailto}?${query}`;
}
