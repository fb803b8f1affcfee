import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function AccountPage() {
  return (
    <DashboardPlaceholder
      title="Your account"
      description="Your name, phone number and plan, and the place to sign out."
    />
  );
}
