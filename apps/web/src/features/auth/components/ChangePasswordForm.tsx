import { AuthMessages, passwordProblem } from '@kartlink/contracts';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormAlert } from '../../../components/form/FormAlert';
import { PasswordField } from '../../../components/form/TextField';
import { httpStatusOf, userFacingMessage } from '../../../lib/errors';
import { useChangePasswordMutation } from '../api/account-api';
import { useFormErrors } from '../../../hooks/use-form-errors';
import { formFailure, type FieldErrors } from '../../../lib/form-errors';
import { PasswordChecklist } from './PasswordChecklist';

const FIELDS = ['currentPassword', 'newPassword'] as const;
type Field = (typeof FIELDS)[number];

const PASSWORD_CHANGED = 'Your password was changed. Other devices were signed out.';

/** Current and new password (POST /api/auth/password), with the live checklist. */
export function ChangePasswordForm() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const form = useFormErrors(FIELDS);
  const checklistId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldErrors<Field> = {
      currentPassword: currentPassword ? undefined : AuthMessages.passwordRequired,
      newPassword: passwordProblem(newPassword),
    };
    if (problems.currentPassword || problems.newPassword) return form.show(problems);

    form.reset();
    try {
      const { message } = await changePassword({ currentPassword, newPassword }).unwrap();
      setCurrentPassword('');
      setNewPassword('');
      toast.success(message ?? PASSWORD_CHANGED);
    } catch (error) {
      form.showFailure(
        formFailure(error, FIELDS, userFacingMessage(httpStatusOf(error), undefined)),
      );
    }
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Change password">
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onValueChange={(value) => {
          setCurrentPassword(value);
          form.clear('currentPassword');
        }}
        error={form.errors.currentPassword}
        inputRef={form.inputRef('currentPassword')}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onValueChange={(value) => {
          setNewPassword(value);
          form.clear('newPassword');
        }}
        error={form.errors.newPassword}
        describedBy={checklistId}
        inputRef={form.inputRef('newPassword')}
      />
      <PasswordChecklist id={checklistId} password={newPassword} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={isLoading}>
          {isLoading ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
