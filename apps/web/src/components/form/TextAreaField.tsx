import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { CharacterCount } from './TextField';
import './form.css';

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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...props}
        ref={inputRef}
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {(hint || counter !== undefined) && (
        <div className="field__meta">
          {hint ? (
            <p id={hintId} className="field__hint">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {counter !== undefined && <CharacterCount length={value.length} limit={counter} />}
        </div>
      )}
    </div>
  );
}
