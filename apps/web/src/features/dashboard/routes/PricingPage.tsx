import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function PricingPage() {
  return (
    <DashboardPlaceholder
      title="Plans and pricing"
      description="The free plan and Premium, which removes the product limit."
    />
  );
}
