import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function DashboardHomePage() {
  return (
    <DashboardPlaceholder
      title="Your dashboard"
      description="Your shop at a glance will live here: recent products, clicks of the last days and quick actions."
    />
  );
}
