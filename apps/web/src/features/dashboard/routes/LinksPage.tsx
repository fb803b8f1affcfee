import { DashboardPlaceholder } from '../components/DashboardPlaceholder';

export function LinksPage() {
  return (
    <DashboardPlaceholder
      title="Your product links"
      description="Every product you list, with its short link, the stores it opens on and its click count."
    />
  );
}
