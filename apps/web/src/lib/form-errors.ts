import { fieldErrorsOf, serverMessageOf } from './errors';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormFailure<F extends string> {
  fields: FieldErrors<F>;
  /** For the alert above the form: set when nothing could be shown on a field. */
  message: string | null;
}

/** `earnings.amazonTags[0].tag` under `earnings.` → `amazonTags.0.tag`; other paths as they are. */
function pathUnder(path: string, prefix: string): string {
  if (!prefix) return path;
  const dotted = path.replace(/\[(\d+)\]/g, '.$1');
  return dotted.startsWith(prefix) ? dotted.slice(prefix.length) : path;
}

/**
 * A failed call as a form shows it (SPEC section 5): the server's field problems on the fields
 * of this form, and otherwise the server's message, else `fallback`. A form of one part of a
 * body (`earnings` of the shop settings) names its fields without the part's `prefix`.
 */
export function formFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
  fallback: string,
  { prefix = '' }: { prefix?: string } = {},
): FormFailure<F> {
  const onFields: FieldErrors<F> = {};
  const elsewhere: string[] = [];
  for (const { path: fullPath, msg } of fieldErrorsOf(error)) {
    const path = pathUnder(fullPath, prefix);
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
