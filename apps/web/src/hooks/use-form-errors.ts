import { useCallback, useRef, useState } from 'react';
import { firstInvalid, type FieldErrors, type FormFailure } from '../lib/form-errors';

/**
 * Errors of one form: per field, and one for the whole form. Showing errors moves the focus
 * to the first field with a problem, so that its message is read out with it.
 */
export function useFormErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<F, HTMLElement | null>>>({});

  const inputRef = useCallback(
    (field: F) => (element: HTMLElement | null) => {
      inputs.current[field] = element;
    },
    [],
  );

  const show = useCallback(
    (next: FieldErrors<F>, message: string | null = null) => {
      setErrors(next);
      setFormError(message);
      const first = firstInvalid(fields, next);
      if (first) inputs.current[first]?.focus();
    },
    [fields],
  );

  const showFailure = useCallback(
    (failure: FormFailure<F>) => show(failure.fields, failure.message),
    [show],
  );

  /** A field was edited: its old problem no longer applies. */
  const clear = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setFormError(null);
  }, []);

  return { errors, formError, setFormError, show, showFailure, clear, reset, inputRef };
}
