import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function SecretOfferPage() {
  return (
    <DashboardPlaceholder
      title="A special offer"
      description="A page for offers shared with selected sellers."
    />
  );
}
