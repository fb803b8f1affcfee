/**
 * Saves data the app fetched itself (with the session's bearer token, which a plain link
 * cannot send) as a download: through an object URL and a temporary link.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `attachment; filename="kartlink-asha-2026-03-01-to-2026-03-30.csv"` → the name. */
export function filenameFrom(disposition: string | null | undefined): string | undefined {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1];
}
