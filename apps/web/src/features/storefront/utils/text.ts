/**
 * The first `limit` characters of `text` and an ellipsis, or `text` itself when it fits.
 * Counts characters, not UTF-16 units, so that an emoji is never cut in half.
 */
export function truncate(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}

/** Whether `text` is longer than `limit` characters (the same count as truncate). */
export const isLongerThan = (text: string, limit: number): boolean =>
  Array.from(text).length > limit;
