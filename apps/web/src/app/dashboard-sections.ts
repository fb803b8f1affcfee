import type { AuthUser } from '@kartlink/contracts';
import type { ComponentType, SVGProps } from 'react';
import {
  ChartIcon,
  HomeIcon,
  LinkIcon,
  PlusIcon,
  ShieldIcon,
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
  /** Only for an admin acting as themself (issue 21: the console's existence is not shown). */
  adminOnly?: boolean;
}

/** The dashboard's destinations, in the side menu's order; a phone's bar keeps the main four. */
const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { to: '/dashboard', label: 'Overview', end: true, phone: 'bar', Icon: HomeIcon },
  { to: '/dashboard/links', label: 'Links', phone: 'bar', Icon: LinkIcon },
  { to: '/dashboard/create-link', label: 'Create link', phone: 'bar', Icon: PlusIcon },
  { to: '/dashboard/shop', label: 'My shop', phone: 'more', Icon: StoreIcon },
  { to: '/dashboard/analytics', label: 'Analytics', phone: 'bar', Icon: ChartIcon },
  { to: '/dashboard/pricing', label: 'Pricing', phone: 'more', Icon: SparkIcon },
  { to: '/dashboard/account', label: 'Account', phone: 'more', Icon: UserIcon },
  { to: '/dashboard/webhooks', label: 'Webhooks', phone: 'more', Icon: WebhookIcon },
  { to: '/admin', label: 'Admin console', phone: 'more', Icon: ShieldIcon, adminOnly: true },
];

/** An admin acting as themself, not while impersonating anyone. */
export const isActingAdmin = (user: Pick<AuthUser, 'role' | 'impersonatedBy'> | null) =>
  user?.role === 'admin' && !user.impersonatedBy;

/** The sections this user may see. */
export function sectionsFor(
  user: Pick<AuthUser, 'role' | 'impersonatedBy'> | null,
): readonly DashboardSection[] {
  return isActingAdmin(user)
    ? DASHBOARD_SECTIONS
    : DASHBOARD_SECTIONS.filter((section) => !section.adminOnly);
}

/** Whether a section is the page shown, as its NavLink decides. */
export function isCurrentSection(section: DashboardSection, pathname: string): boolean {
  if (pathname === section.to) return true;
  return !section.end && pathname.startsWith(`${section.to}/`);
}
