import { ComingSoon } from '../../../components/ComingSoon';

export function ShopSeoPage() {
  return (
    <ComingSoon
      title="Search and sharing (SEO)"
      description="The title, description and images that search engines and link previews on WhatsApp, Instagram and X show for your shop."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
