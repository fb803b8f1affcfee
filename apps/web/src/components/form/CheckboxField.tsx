import { useId, type ReactNode, type Ref } from 'react';
import './form.css';

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  error,
  name,
  inputRef,
}: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field field--checkbox">
      <div className="checkbox">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="checkbox"
          className="checkbox__input"
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <label htmlFor={id} className="checkbox__label">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
