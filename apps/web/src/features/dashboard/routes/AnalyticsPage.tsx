import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function AnalyticsPage() {
  return (
    <DashboardPlaceholder
      title="Analytics"
      description="Visits to your shop and clicks per product, store, device, browser and region."
    />
  );
}
