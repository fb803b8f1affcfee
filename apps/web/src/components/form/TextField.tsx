import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Field } from './Field';

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'children'
>;

interface TextFieldProps extends NativeInputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The problem with this field, shown under it and announced with it. */
  error?: string;
  /** A line of help under the field. */
  hint?: ReactNode;
  /** Ids of more elements that describe the field (a password checklist...). */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Drawn inside the field, after the input (a show-password button...). */
  trailing?: ReactNode;
  /** Drawn before the input, as part of the field (an address prefix...). */
  leading?: ReactNode;
  /** Shows "used/limit" characters under the field. */
  counter?: number;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  describedBy,
  inputRef,
  trailing,
  leading,
  counter,
  className,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      describedBy={describedBy}
      count={counter === undefined ? undefined : { length: value.length, limit: counter }}
      className={className}
    >
      {(control) => (
        <div
          className={[
            'field__control',
            trailing ? 'field__control--trailing' : '',
            leading ? 'field__control--leading' : '',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          {leading && (
            <span className="field__leading" aria-hidden="true">
              {leading}
            </span>
          )}
          <input
            {...inputProps}
            {...control}
            ref={inputRef}
            className="field__input"
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          />
          {trailing}
        </div>
      )}
    </Field>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={shown}
          aria-label={`Show ${props.label.toLowerCase()}`}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}

/** The e-mail address field of every sign-in form: the keyboard and autofill of an address. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'name' | 'type'>) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}
