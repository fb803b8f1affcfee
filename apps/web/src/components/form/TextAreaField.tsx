import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './Field';

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'children'
>;

interface TextAreaFieldProps extends NativeTextAreaProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** Shows "used/limit" characters under the field. */
  counter?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, with its hint, error and character count tied to it. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  counter,
  inputRef,
  className,
  ...props
}: TextAreaFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      count={counter === undefined ? undefined : { length: value.length, limit: counter }}
      className={className}
    >
      {(control) => (
        <textarea
          {...props}
          {...control}
          ref={inputRef}
          className="field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
