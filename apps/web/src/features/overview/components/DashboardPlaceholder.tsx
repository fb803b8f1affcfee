import { ComingSoon } from '../../../components/ComingSoon';

interface DashboardPlaceholderProps {
  title: string;
  description: string;
}

const BACK_TO_DASHBOARD = { to: '/dashboard', label: 'Back to Dashboard' };

/** A dashboard page that later work fills in. */
export function DashboardPlaceholder(props: DashboardPlaceholderProps) {
  return <ComingSoon {...props} back={BACK_TO_DASHBOARD} />;
}
