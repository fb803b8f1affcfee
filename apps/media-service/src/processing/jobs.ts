import type { StoredKind } from '../images/image.entity';
import type { ImageType } from '../images/intake/sniff';

export const IMAGE_QUEUE = 'media-images';
/** The variants jobs, apart: an upload's primary job never waits in Redis behind them. */
export const IMAGE_VARIANTS_QUEUE = 'media-image-variants';

/** Makes and stores an accepted upload's primary variant, then commits its row(s). */
export interface PrimaryJob {
  imageId: string;
  userId: string;
  kind: StoredKind;
  incomingKey: string;
  type: ImageType;
  originalFilename: string;
  box: { maxWidth: number; maxHeight: number; quality: number };
  metadata?: Record<string, unknown>;
  /** Set for a banner: its row is committed in the same transaction as the image's. */
  banner?: { alt: string; link: string; order: number };
  /** The trace context of the request that queued it (traceparent...), when tracing is on. */
  trace?: Record<string, string>;
}

/**
 * Makes the thumbnail, medium, WebP and (shop photo, product image) share card variants of a
 * stored image.
 */
export interface VariantsJob {
  imageId: string;
  trace?: Record<string, string>;
}

/** How a refused job says why: the upload code and the message for people. */
export const failureReason = (code: string, message: string) => `${code}|${message}`;

export function parseFailure(reason: string): { code: string; message: string } | undefined {
  const bar = reason.indexOf('|');
  if (bar <= 0) return undefined;
  return { code: reason.slice(0, bar), message: reason.slice(bar + 1) };
}
