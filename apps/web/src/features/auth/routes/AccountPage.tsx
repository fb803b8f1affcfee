import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { selectCurrentUser } from '../../../lib/auth-slice';
import { useCurrentUserQuery } from '../api/session-api';
import { ApiKeysSection } from '../components/ApiKeysSection';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { DownloadDataSection } from '../components/DownloadDataSection';
import { ProfileForm } from '../components/ProfileForm';
import { ProfilePhotoForm } from '../components/ProfilePhotoForm';
import { SignedInDevices } from '../components/SignedInDevices';
import { useSession } from '../hooks/use-session';
import { useSignOut } from '../hooks/use-sign-out';
import './AccountPage.css';

/**
 * /dashboard/account: profile, password, signed-in devices, signing out here or everywhere,
 * API keys, downloading the account's data and deleting the account.
 */
export function AccountPage() {
  const session = useSession();
  const user = useSelector(selectCurrentUser);
  // The profile may have changed on another device since this session started.
  const { data: latest } = useCurrentUserQuery();
  const { signOut, leaving } = useSignOut();

  useEffect(() => {
    if (latest) session.updateUser(latest);
  }, [latest, session]);

  if (!user) return null;

  const hasPassword = user.signInMethods.includes('password');

  return (
    <div className="page page--narrow">
      <header>
        <h1 className="page__title">Your account</h1>
        <p className="page__lead account-page__email">
          Signed in as <strong>{user.email}</strong>
        </p>
      </header>

      <section className="card account-section" aria-labelledby="account-profile">
        <h2 id="account-profile" className="card__title">
          Profile
        </h2>
        <ProfilePhotoForm user={user} />
        {/* Drawn again when the server's copy differs, so that the form shows it. */}
        <ProfileForm key={`${user.displayName}|${user.phoneNumber}`} user={user} />
      </section>

      <section className="card account-section" aria-labelledby="account-password">
        <h2 id="account-password" className="card__title">
          Password
        </h2>
        {hasPassword ? (
          <ChangePasswordForm />
        ) : (
          <p className="account-section__text">
            You sign in with Google, so there is no Kartlink password to change.
          </p>
        )}
      </section>

      <SignedInDevices />

      <section className="card account-section" aria-labelledby="account-sessions">
        <h2 id="account-sessions" className="card__title">
          Sign out
        </h2>
        <p className="account-section__text">
          Signing out of every device also ends the sessions on your other phones and computers.
        </p>
        <div className="account-section__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={leaving !== null}
            onClick={() => void signOut(false)}
          >
            {leaving === 'here' ? 'Signing out…' : 'Sign out'}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={leaving !== null}
            onClick={() => void signOut(true)}
          >
            {leaving === 'everywhere' ? 'Signing out…' : 'Sign out of every device'}
          </button>
        </div>
      </section>

      <ApiKeysSection impersonating={Boolean(user.impersonatedBy)} />

      <DownloadDataSection />

      {/* An admin acting as the owner cannot delete the account (the server refuses it too). */}
      {!user.impersonatedBy && <DeleteAccountSection hasPassword={hasPassword} />}
    </div>
  );
}
