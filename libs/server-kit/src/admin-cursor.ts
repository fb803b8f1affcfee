/** Keyset cursors of the admin lists (issue 21). */

/** An opaque keyset cursor: the values of the last row, as base64url JSON. */
export function encodeCursor(values: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The values of a cursor, or undefined when it is not one (answered 400 by the caller). */
export function decodeCursor(cursor: string, length: number): Array<string | number> | undefined {
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === 'string' || typeof v === 'number')
    )
      return values as Array<string | number>;
  } catch {
    // not JSON
  }
  return undefined;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor of (timestamp as PostgreSQL writes it, id): newest-first keyset pages. */
export function decodeTimeCursor(cursor: string): { at: string; id: string } | undefined {
  const values = decodeCursor(cursor, 2);
  if (!values) return undefined;
  const [at, id] = values;
  if (typeof at !== 'string' || typeof id !== 'string' || !TIMESTAMP.test(at) || !UUID.test(id))
    return undefined;
  return { at, id };
}
