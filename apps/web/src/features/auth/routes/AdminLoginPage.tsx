import { ComingSoon } from '../../../components/ComingSoon';

export function AdminLoginPage() {
  return (
    <ComingSoon
      title="Admin sign-in"
      description="Support staff will use this page to open a user's account with a one-time token, to help them with their shop."
    />
  );
}
