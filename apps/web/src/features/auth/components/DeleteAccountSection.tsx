import { otpProblem } from '@kartlink/contracts';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PasswordField, TextField } from '../../../components/form/TextField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { formFailure } from '../../../lib/form-errors';
import { useDeleteAccountMutation, useSendDeletionCodeMutation } from '../api/account-api';
import { useSession } from '../hooks/use-session';

const DeleteAccountMessages = {
  passwordRequired: 'Enter your password to delete your account.',
  deleted: 'Your account was deleted.',
} as const;

interface DeleteAccountSectionProps {
  /** With a password the owner confirms with it; without (Google only), with an e-mailed code. */
  hasPassword: boolean;
}

/**
 * "Delete account": asks for the password (or a code e-mailed to a Google-only account), then
 * deletes the account and everything in it and signs out. Nothing happens until confirmed.
 */
export function DeleteAccountSection({ hasPassword }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);

  return (
    <section className="card account-section" aria-labelledby="account-delete">
      <h2 id="account-delete" className="card__title">
        Delete account
      </h2>
      <p className="account-section__text">
        Deleting your account removes your shop, its products, images, banners and figures for good,
        and your shop&rsquo;s address stops working at once. Download your data first to keep a
        copy.
      </p>
      <div className="account-section__actions">
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      {open && <DeleteAccountDialog hasPassword={hasPassword} onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteAccountDialog({
  hasPassword,
  onClose,
}: DeleteAccountSectionProps & { onClose: () => void }) {
  const session = useSession();
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [sendCode, { isLoading: sending, data: sent }] = useSendDeletionCodeMutation();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = hasPassword ? 'password' : 'code';

  const confirm = async (event?: FormEvent) => {
    event?.preventDefault();
    const problem = hasPassword
      ? secret
        ? undefined
        : DeleteAccountMessages.passwordRequired
      : otpProblem(secret);
    if (problem) return setError(problem);
    try {
      const { message } = await deleteAccount(
        hasPassword ? { password: secret } : { code: secret },
      ).unwrap();
      toast.success(message ?? DeleteAccountMessages.deleted);
      await session.logout();
    } catch (failure) {
      const status = httpStatusOf(failure);
      const shown = formFailure(failure, [field], userFacingMessage(status, undefined));
      // A wrong password or code is said beside the field; anything else in a toast.
      if (shown.fields[field] || status === 400)
        setError(shown.fields[field] ?? shown.message ?? undefined);
      else if (status !== 500) toast.error(shown.message ?? userFacingMessage(status, undefined));
    }
  };

  const requestCode = async () => {
    try {
      await sendCode().unwrap();
    } catch (failure) {
      toast.error(userFacingMessage(httpStatusOf(failure), serverMessageOf(failure)));
    }
  };

  return (
    <ConfirmDialog
      title="Delete your account?"
      confirmLabel="Delete my account"
      busyLabel="Deleting…"
      busy={isLoading}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <form className="account-form" onSubmit={(event) => void confirm(event)} noValidate>
        <p>
          Your shop, products, images, banners and figures are deleted and every device is signed
          out. This cannot be undone.
        </p>
        {hasPassword ? (
          <PasswordField
            label="Your password"
            name="password"
            autoComplete="current-password"
            value={secret}
            onValueChange={(value) => {
              setSecret(value);
              setError(undefined);
            }}
            error={error}
          />
        ) : (
          <>
            <p>
              {sent
                ? `We sent a 6-digit code to ${sent.email}.`
                : 'You sign in with Google: we e-mail you a code to confirm.'}
            </p>
            <div className="account-section__actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={sending}
                onClick={() => void requestCode()}
              >
                {sending ? 'Sending…' : sent ? 'Send a new code' : 'Send code'}
              </button>
            </div>
            <TextField
              label="Code from the e-mail"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={secret}
              onValueChange={(value) => {
                setSecret(value.replace(/\D/g, '').slice(0, 6));
                setError(undefined);
              }}
              error={error}
            />
          </>
        )}
      </form>
    </ConfirmDialog>
  );
}
