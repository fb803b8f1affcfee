import { vi } from 'vitest';

const sizes = new WeakMap<Blob, { width: number; height: number }>();

/** A file of `bytes` bytes that decodes as a `width`×`height` image (see mockImageLoading). */
export function imageFile(
  name: string,
  type: string,
  { bytes = 2048, width = 1200, height = 1200 } = {},
): File {
  const file = new File([new Uint8Array(bytes)], name, { type });
  sizes.set(file, { width, height });
  return file;
}

/**
 * jsdom neither makes object URLs nor decodes images. This gives files object URLs and makes
 * `new Image()` load them: a file made by imageFile loads at its size, a file named broken.*
 * fails to decode, and one named slow.* never finishes.
 */
export function mockImageLoading() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  const createObjectURL = vi.fn((blob: Blob) => {
    next += 1;
    const url = `blob:http://localhost:3000/${next}`;
    blobs.set(url, blob);
    return url;
  });
  const revokeObjectURL = vi.fn((url: string) => {
    blobs.delete(url);
  });
  // jsdom has neither; each test that needs them installs its own.
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;

  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = 0;
    naturalHeight = 0;
    private address = '';

    get src() {
      return this.address;
    }

    set src(address: string) {
      this.address = address;
      const blob = blobs.get(address);
      const name = blob instanceof File ? blob.name : '';
      if (name.startsWith('slow.')) return;
      void Promise.resolve().then(() => {
        const size = blob ? sizes.get(blob) : undefined;
        if (!size || name.startsWith('broken.')) return this.onerror?.();
        this.naturalWidth = size.width;
        this.naturalHeight = size.height;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('Image', FakeImage);

  return { createObjectURL, revokeObjectURL };
}
