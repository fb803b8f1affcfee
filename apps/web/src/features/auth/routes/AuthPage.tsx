import { ComingSoon } from '../../../components/ComingSoon';

export function AuthPage() {
  return (
    <ComingSoon
      title="Sign in and sign up"
      description="Soon you will create your Kartlink account here with your e-mail (confirmed by a 6-digit code) or with Google, sign in, and reset a forgotten password."
    />
  );
}
