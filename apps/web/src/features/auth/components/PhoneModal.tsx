import { normalizePhone, phoneProblem } from '@kartlink/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { TextField } from '../../../components/form/TextField';
import { httpStatusOf, serverMessageOf, userFacingMessage } from '../../../lib/errors';
import { useUpdateProfileMutation } from '../api/account-api';
import { useSession } from '../hooks/use-session';
import { PhoneMessages } from '../utils/messages';
import './PhoneModal.css';
import { keepTabInside } from '../../../lib/focus-trap';

/**
 * SPEC section 8, Guard and phone. A 409 is a number someone else has; a 400 a number the
 * server cannot read; any other answer whose message speaks of phone/exists/taken is also
 * read as taken. (A 400 is checked before the words: its message names the phone field too.)
 */
export function phoneSaveProblem(error: unknown): { field?: string; toast?: string } {
  const status = httpStatusOf(error);
  const message = serverMessageOf(error) ?? '';
  if (status === 409) return { field: PhoneMessages.taken };
  if (status === 400) return { field: PhoneMessages.invalidFormat };
  if (/phone|exists|taken/i.test(message)) return { field: PhoneMessages.taken };
  return { toast: userFacingMessage(status, message) };
}

interface PhoneModalProps {
  /** Saved or skipped: the sign-up goes on. */
  onDone: () => void;
}

/** After a first Google sign-in: "One last step", a phone number (optional, but asked for). */
export function PhoneModal({ onDone }: PhoneModalProps) {
  const session = useSession();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | undefined>();
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = phoneProblem(phone);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    try {
      const user = await updateProfile({ phoneNumber: normalizePhone(phone) }).unwrap();
      session.updateUser(user);
      toast.success(PhoneMessages.saved);
      onDone();
    } catch (failure) {
      const shown = phoneSaveProblem(failure);
      if (shown.toast) toast.error(shown.toast);
      setError(shown.field);
      input.current?.focus();
    }
  };

  // A modal keeps the keyboard inside it; Escape is the same as "Skip for now".
  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
      return;
    }
    keepTabInside(event, dialog.current);
  };

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={keepFocusInside}
      >
        <h2 id={titleId} className="modal__title">
          One last step
        </h2>
        <p id={textId} className="modal__text">
          Add a phone number so that buyers and our support team can reach you. You can change it
          later in your account.
        </p>
        <form className="auth-form" onSubmit={save} noValidate>
          <TextField
            label="Phone number"
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+919876543210"
            hint="With the country code, e.g. +1234567890"
            value={phone}
            onValueChange={(value) => {
              setPhone(value);
              setError(undefined);
            }}
            error={error}
            inputRef={input}
          />
          <div className="modal__actions">
            <button type="submit" className="button button--primary" disabled={isLoading}>
              {isLoading ? 'Saving…' : 'Save & Continue'}
            </button>
            <button type="button" className="button button--ghost" onClick={onDone}>
              Skip for now
            </button>
          </div>
        </form>
      </div>
    </div>,
    document.body,
  );
}
