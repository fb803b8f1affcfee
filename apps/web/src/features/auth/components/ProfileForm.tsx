import { AuthMessages, normalizePhone, phoneProblem, type AuthUser } from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { TextField } from '../../../components/form/TextField';
import { httpStatusOf, userFacingMessage } from '../../../lib/errors';
import { useUpdateProfileMutation } from '../api/account-api';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { useSession } from '../hooks/use-session';
import { formFailure, type FieldErrors } from '../../../lib/form-errors';
import { PhoneMessages } from '../utils/messages';

const FIELDS = ['displayName', 'phoneNumber'] as const;
type Field = (typeof FIELDS)[number];

const DISPLAY_NAME_MAX = 100;
const PROFILE_SAVED = 'Your profile was saved.';

/** Display name and phone number (PUT /api/user/profile); an empty phone removes it. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const session = useSession();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const form = useFormErrors(FIELDS);
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = phoneNumber.trim();
    const problems: FieldErrors<Field> = {
      displayName:
        displayName.trim().length > DISPLAY_NAME_MAX ? AuthMessages.displayNameTooLong : undefined,
      // Optional here: only a number that is typed must be a valid one.
      phoneNumber: phone ? phoneProblem(phone) : undefined,
    };
    if (problems.displayName || problems.phoneNumber) return form.show(problems);

    form.reset();
    try {
      const saved = await updateProfile({
        displayName: displayName.trim(),
        phoneNumber: phone ? normalizePhone(phone) : '',
      }).unwrap();
      session.updateUser(saved);
      setPhoneNumber(saved.phoneNumber ?? '');
      toast.success(PROFILE_SAVED);
    } catch (error) {
      if (httpStatusOf(error) === 409) {
        form.show({ phoneNumber: PhoneMessages.taken });
        return;
      }
      form.showFailure(
        formFailure(error, FIELDS, userFacingMessage(httpStatusOf(error), undefined)),
      );
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Profile">
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        value={displayName}
        onValueChange={(value) => {
          setDisplayName(value);
          form.clear('displayName');
        }}
        error={form.errors.displayName}
        inputRef={form.inputRef('displayName')}
      />
      <TextField
        label="Phone number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+919876543210"
        hint="With the country code, e.g. +1234567890. Leave it empty to remove it."
        value={phoneNumber}
        onValueChange={(value) => {
          setPhoneNumber(value);
          form.clear('phoneNumber');
        }}
        error={form.errors.phoneNumber}
        inputRef={form.inputRef('phoneNumber')}
      />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
