import { useId, type ReactNode } from 'react';
import './form.css';

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** For a switch whose visible label is elsewhere (a row in a list). */
  'aria-label'?: string;
  name?: string;
  /** What turning it on does, under the switch and read out with it. */
  hint?: ReactNode;
}

/** An on/off switch: a real checkbox with role="switch", so keyboards and readers know it. */
export function SwitchField({
  label,
  checked,
  onCheckedChange,
  disabled,
  name,
  hint,
  'aria-label': ariaLabel,
}: SwitchFieldProps) {
  const hintId = useId();
  const control = (
    <label className="switch">
      <input
        type="checkbox"
        role="switch"
        className="switch__input"
        name={name}
        checked={checked}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch__label">{label}</span>
    </label>
  );
  if (!hint) return control;
  return (
    <div className="switch-field">
      {control}
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
