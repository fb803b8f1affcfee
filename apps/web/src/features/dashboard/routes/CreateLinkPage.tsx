import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function CreateLinkPage() {
  return (
    <DashboardPlaceholder
      title="Create a product link"
      description="Paste the product's links from up to 7 stores, add a title, price and photos, and get one short link to share."
    />
  );
}
