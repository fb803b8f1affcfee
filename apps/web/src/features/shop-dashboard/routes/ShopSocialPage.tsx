import { ComingSoon } from '../../../components/ComingSoon';

export function ShopSocialPage() {
  return (
    <ComingSoon
      title="Social links"
      description="Add your Instagram, YouTube, WhatsApp and other profiles so that they show on your shop page."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
