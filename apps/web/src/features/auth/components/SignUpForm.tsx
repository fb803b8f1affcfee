import {
  AuthMessages,
  emailProblem,
  fullNameProblem,
  passwordProblem,
  type CodeSent,
} from '@kartlink/contracts';
import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { FormAlert } from '../../../components/form/FormAlert';
import { EmailField, PasswordField, TextField } from '../../../components/form/TextField';
import { useSendSignUpCodeMutation } from '../api/sign-in-api';
import { useFormErrors } from '../../../hooks/use-form-errors';
import type { AuthValues, SetAuthValue } from '../utils/auth-values';
import { formFailure, type FieldErrors } from '../../../lib/form-errors';
import { AuthScreenMessages } from '../utils/messages';
import { PasswordChecklist } from './PasswordChecklist';
import { publicHost } from '../../../lib/public-address';

const FIELDS = ['fullName', 'email', 'password', 'agreeToTerms'] as const;
type Field = (typeof FIELDS)[number];

interface SignUpFormProps {
  values: AuthValues;
  setValue: SetAuthValue;
  /** The shop URL claimed on the home page, if any. */
  claimedShopUrl: string | null;
  onCodeSent: (sent: CodeSent) => void;
}

export function SignUpForm({ values, setValue, claimedShopUrl, onCodeSent }: SignUpFormProps) {
  const [sendCode, { isLoading }] = useSendSignUpCodeMutation();
  const form = useFormErrors(FIELDS);
  const checklistId = useId();

  const change = <K extends Field>(field: K, value: AuthValues[K]) => {
    setValue(field, value);
    form.clear(field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems: FieldErrors<Field> = {
      fullName: fullNameProblem(values.fullName),
      email: emailProblem(values.email),
      password: passwordProblem(values.password),
      agreeToTerms: values.agreeToTerms ? undefined : AuthMessages.termsRequired,
    };
    if (FIELDS.some((field) => problems[field])) return form.show(problems);

    form.reset();
    try {
      onCodeSent(
        await sendCode({
          email: values.email.trim(),
          fullName: values.fullName.trim(),
          password: values.password,
        }).unwrap(),
      );
    } catch (error) {
      form.showFailure(formFailure(error, FIELDS, AuthScreenMessages.signUpFailed));
    }
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label="Sign up">
      {claimedShopUrl && (
        <FormAlert tone="info">
          Create your account to claim{' '}
          <strong>
            {publicHost()}/{claimedShopUrl}
          </strong>
          .
        </FormAlert>
      )}
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={values.fullName}
        onValueChange={(value) => change('fullName', value)}
        error={form.errors.fullName}
        inputRef={form.inputRef('fullName')}
      />
      <EmailField
        value={values.email}
        onValueChange={(value) => change('email', value)}
        error={form.errors.email}
        inputRef={form.inputRef('email')}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onValueChange={(value) => change('password', value)}
        error={form.errors.password}
        describedBy={checklistId}
        inputRef={form.inputRef('password')}
      />
      <PasswordChecklist id={checklistId} password={values.password} />
      <CheckboxField
        name="agreeToTerms"
        label={
          <>
            I agree to the{' '}
            <Link to="/terms-of-service" target="_blank" rel="noreferrer">
              Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
            </Link>{' '}
            and the{' '}
            <Link to="/privacy-policy" target="_blank" rel="noreferrer">
              Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
            </Link>
          </>
        }
        checked={values.agreeToTerms}
        onCheckedChange={(checked) => change('agreeToTerms', checked)}
        error={form.errors.agreeToTerms}
        inputRef={form.inputRef('agreeToTerms')}
      />
      <button type="submit" className="button button--primary button--block" disabled={isLoading}>
        {isLoading ? 'Sending your code…' : 'Create account'}
      </button>
    </form>
  );
}
