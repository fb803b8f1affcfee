import { useId, type ReactNode } from 'react';
import './form.css';

/** What ties a control to its label, hint and error: spread it on the input, textarea or select. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: string;
  /** The problem with this field, shown under it and announced with it. */
  error?: string;
  /** A line of help under the field. */
  hint?: ReactNode;
  /** Ids of more elements that describe the field (a password checklist...). */
  describedBy?: string;
  /** Shows "used/limit" characters under the field. */
  count?: { length: number; limit: number };
  className?: string;
  /** The control itself, drawn between the label and the error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The one frame of every labelled form control: the label, the control, then its error and hint,
 * tied to the control with aria-describedby (error first, so it is read first).
 */
export function Field({ label, error, hint, describedBy, count, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : null, hint ? hintId : null, describedBy ?? null]
    .filter(Boolean)
    .join(' ');
  const hintLine = hint && (
    <p id={hintId} className="field__hint">
      {hint}
    </p>
  );

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {count === undefined ? (
        hintLine
      ) : (
        <div className="field__meta">
          {hintLine || <span />}
          <CharacterCount length={count.length} limit={count.limit} />
        </div>
      )}
    </div>
  );
}

/** "12/70": how much of a length limit is used; over the limit it turns red. */
function CharacterCount({ length, limit }: { length: number; limit: number }) {
  return (
    <p className={length > limit ? 'field__count field__count--over' : 'field__count'}>
      {length}/{limit}
    </p>
  );
}
