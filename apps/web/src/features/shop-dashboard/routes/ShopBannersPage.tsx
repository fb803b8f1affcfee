import { ComingSoon } from '../../../components/ComingSoon';

export function ShopBannersPage() {
  return (
    <ComingSoon
      title="Shop banners"
      description="Banner images that rotate at the top of your shop page, each with its own link."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
