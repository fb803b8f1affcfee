/**
 * The visitor's time zone, e.g. "Asia/Kolkata", or '' when the browser does not say: all the
 * tracking calls say about a visitor besides the page they came from (SPEC section 7). Their
 * device and browser are the gateway's to read, from the User-Agent header.
 */
export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}
