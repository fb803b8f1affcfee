import type { ComponentType, SVGProps } from 'react';
import {
  ChartIcon,
  HomeIcon,
  LinkIcon,
  PlusIcon,
  SparkIcon,
  StoreIcon,
  UserIcon,
  WebhookIcon,
} from '../components/icons';

export interface DashboardSection {
  to: string;
  label: string;
  /** Only this path itself, not the paths under it. */
  end?: boolean;
  /** On a phone: in the bottom bar, or in the "More" sheet. */
  phone: 'bar' | 'more';
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The dashboard's destinations, in the side menu's order; a phone's bar keeps the main four. */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { to: '/dashboard', label: 'Overview', end: true, phone: 'bar', Icon: HomeIcon },
  { to: '/dashboard/links', label: 'Links', phone: 'bar', Icon: LinkIcon },
  { to: '/dashboard/create-link', label: 'Create link', phone: 'bar', Icon: PlusIcon },
  { to: '/dashboard/shop', label: 'My shop', phone: 'more', Icon: StoreIcon },
  { to: '/dashboard/analytics', label: 'Analytics', phone: 'bar', Icon: ChartIcon },
  { to: '/dashboard/pricing', label: 'Pricing', phone: 'more', Icon: SparkIcon },
  { to: '/dashboard/account', label: 'Account', phone: 'more', Icon: UserIcon },
  { to: '/dashboard/webhooks', label: 'Webhooks', phone: 'more', Icon: WebhookIcon },
];

/** Whether a section is the page shown, as its NavLink decides. */
export function isCurrentSection(section: DashboardSection, pathname: string): boolean {
  if (pathname === section.to) return true;
  return !section.end && pathname.startsWith(`${section.to}/`);
}
