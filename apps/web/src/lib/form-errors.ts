import { fieldErrorsOf, serverMessageOf } from './errors';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormFailure<F extends string> {
  fields: FieldErrors<F>;
  /** For the alert above the form: set when nothing could be shown on a field. */
  message: string | null;
}

/**
 * A failed call as a form shows it (SPEC section 5): the server's field problems on the fields
 * of this form, and otherwise the server's message, else `fallback`.
 */
export function formFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
): FormFailure<F> {
  const onFields: FieldErrors<F> = {};
  const elsewhere: string[] = [];
  for (const { path, msg } of fieldErrorsOf(error)) {
    const field = fields.find((f) => f === path);
    if (field && !onFields[field]) onFields[field] = msg;
    else if (!field) elsewhere.push(msg);
  }
  const placed = Object.keys(onFields).length > 0;
  const message = placed
    ? (elsewhere[0] ?? null)
    : (elsewhere[0] ?? serverMessageOf(error) ?? fallback);
  return { fields: onFields, message };
}

/** The first field, in form order, that has a problem. */
export function firstInvalid<F extends string>(
  fields: readonly F[],
  errors: FieldErrors<F>,
): F | undefined {
  return fields.find((field) => errors[field]);
}
