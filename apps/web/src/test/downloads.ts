import { vi } from 'vitest';

export interface SavedFile {
  /** The name the link asked the browser to save it as. */
  name: string;
  /** The object URL the link pointed at. */
  href: string;
  blob: Blob;
}

/**
 * Catches the files the app saves (lib/save-file.ts: an object URL and a clicked link) instead
 * of letting jsdom navigate. Each saved file is listed in order.
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:http://localhost:3000/file-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, href: this.href, blob });
  });
  return saved;
}

/** A saved file's text (jsdom's Blob has no text()). */
export function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}
