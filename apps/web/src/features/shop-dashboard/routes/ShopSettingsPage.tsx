import { ComingSoon } from '../../../components/ComingSoon';

export function ShopSettingsPage() {
  return (
    <ComingSoon
      title="Shop settings"
      description="Your shop's name, public URL, description and photo, and whether the shop is public or private."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
