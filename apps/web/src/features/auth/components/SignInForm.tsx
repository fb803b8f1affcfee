import { AuthMessages, emailProblem, type AuthSession } from '@kartlink/contracts';
import { useState, type FormEvent } from 'react';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { FormAlert } from '../../../components/form/FormAlert';
import { EmailField, PasswordField } from '../../../components/form/TextField';
import { httpStatusOf, userFacingMessage } from '../../../lib/errors';
import { useLoginMutation } from '../api/sign-in-api';
import { useFormErrors } from '../../../hooks/use-form-errors';
import type { AuthValues, SetAuthValue } from '../utils/auth-values';
import { formFailure, type FieldErrors } from '../../../lib/form-errors';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

interface SignInFormProps {
  values: AuthValues;
  setValue: SetAuthValue;
  /** A message to greet the user with (after a password reset...). */
  notice: string | null;
  onForgotPassword: () => void;
  onSignedIn: (session: AuthSession) => void;
}

export function SignInForm({
  values,
  setValue,
  notice,
  onForgotPassword,
  onSignedIn,
}: SignInFormProps) {
  const [login, { isLoading }] = useLoginMutation();
  const form = useFormErrors(FIELDS);
  const [submitted, setSubmitted] = useState(false);

  const change = (field: Field, value: string) => {
    setValue(field, value);
    form.clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    // Existing accounts may predate today's password rules: only ask that one is typed.
    const problems: FieldErrors<Field> = {
      email: emailProblem(values.email),
      password: values.password ? undefined : AuthMessages.passwordRequired,
    };
    if (problems.email || problems.password) return form.show(problems);

    form.reset();
    try {
      const session = await login({
        email: values.email.trim(),
        password: values.password,
        rememberMe: values.rememberMe,
      }).unwrap();
      onSignedIn(session);
    } catch (error) {
      form.showFailure(
        formFailure(error, FIELDS, userFacingMessage(httpStatusOf(error), undefined)),
      );
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign in">
      {notice && !submitted && <FormAlert tone="success">{notice}</FormAlert>}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <EmailField
        value={values.email}
        onValueChange={(value) => change('email', value)}
        error={form.errors.email}
        inputRef={form.inputRef('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={values.password}
        onValueChange={(value) => change('password', value)}
        error={form.errors.password}
        inputRef={form.inputRef('password')}
      />
      <div className="auth-form__row">
        <CheckboxField
          label="Remember me"
          name="rememberMe"
          checked={values.rememberMe}
          onCheckedChange={(checked) => setValue('rememberMe', checked)}
        />
        <button type="button" className="link-button" onClick={onForgotPassword}>
          Forgot password?
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={isLoading}>
        {isLoading ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
