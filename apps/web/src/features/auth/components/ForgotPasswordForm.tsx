import { emailProblem, type CodeSent } from '@kartlink/contracts';
import type { FormEvent } from 'react';
import { FormAlert } from '../../../components/form/FormAlert';
import { EmailField } from '../../../components/form/TextField';
import { useSendResetCodeMutation } from '../api/sign-in-api';
import { useFormErrors } from '../../../hooks/use-form-errors';
import type { AuthValues, SetAuthValue } from '../utils/auth-values';
import { formFailure } from '../../../lib/form-errors';
import { AuthScreenMessages } from '../utils/messages';

const FIELDS = ['email'] as const;

interface ForgotPasswordFormProps {
  values: AuthValues;
  setValue: SetAuthValue;
  onCodeSent: (sent: CodeSent, message?: string) => void;
}

export function ForgotPasswordForm({ values, setValue, onCodeSent }: ForgotPasswordFormProps) {
  const [sendCode, { isLoading }] = useSendResetCodeMutation();
  const form = useFormErrors(FIELDS);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(values.email);
    if (problem) return form.show({ email: problem });

    form.reset();
    try {
      const { data, message } = await sendCode({ email: values.email.trim() }).unwrap();
      onCodeSent(data, message);
    } catch (error) {
      form.showFailure(formFailure(error, FIELDS, AuthScreenMessages.resetCodeFailed));
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Reset password">
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <EmailField
        value={values.email}
        onValueChange={(value) => {
          setValue('email', value);
          form.clear('email');
        }}
        error={form.errors.email}
        inputRef={form.inputRef('email')}
      />
      <button type="submit" className="button button--primary button--block" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Send reset code'}
      </button>
    </form>
  );
}
