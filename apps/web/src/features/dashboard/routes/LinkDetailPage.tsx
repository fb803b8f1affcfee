import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function LinkDetailPage() {
  return (
    <DashboardPlaceholder
      title="Link details"
      description="One product link in detail: its stores, its details and how visitors use it."
    />
  );
}
