import { ComingSoon } from '../../../components/ComingSoon';

export function ShopSetupPage() {
  return (
    <ComingSoon
      title="Set up your shop"
      description="Three short steps will get your shop online: pick its URL, add its name and description, and upload a profile photo."
      back={{ to: '/dashboard', label: 'Go to Dashboard' }}
    />
  );
}
