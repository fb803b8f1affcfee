import { LocalKey } from '../../../lib/storage-keys';

// A key worth remembering: a named store. 'web' is any other site, and WhatsApp stays last.
const MEMORABLE = /^[a-z0-9-]{1,40}$/;
const isMemorable = (key: string) => MEMORABLE.test(key) && key !== 'web' && key !== 'whatsapp';

/**
 * The store this visitor chose last time on any product page, so that the sheet can offer it
 * first (after the owner's pinned store). Storage can be refused (private windows, some in-app
 * browsers): then nothing is remembered.
 */
export function rememberedStore(): string | null {
  try {
    const key = localStorage.getItem(LocalKey.lastStore);
    return key && isMemorable(key) ? key : null;
  } catch {
    return null;
  }
}

/** Remembers the store the visitor just chose (its vendor key). */
export function rememberStore(key: string): void {
  if (!isMemorable(key)) return;
  try {
    localStorage.setItem(LocalKey.lastStore, key);
  } catch {
    // Not remembered; the sheet keeps the owner's order.
  }
}
