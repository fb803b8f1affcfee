import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from './api';
import { filenameFrom } from './save-file';

export type QrFormat = 'png' | 'svg';

export interface QrRequest {
  /** The page's QR address under /api without the extension: `/shop/{shopUrl}/qr`. */
  path: string;
  format: QrFormat;
  /** Pixels a side: 256, 512 or 1024. */
  size: 256 | 512 | 1024;
}

export interface QrImage {
  /** The picture as a data: URL (the store keeps only plain data). */
  dataUrl: string;
  /** The name the server gives the file ({shopUrl}[-{shortCode}]-qr.png). */
  filename: string;
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('could not read the picture'));
    reader.readAsDataURL(blob);
  });
}

/** The picture of a data: URL back as a Blob, to save as a file. */
export function blobOf(dataUrl: string): Blob {
  const [head, data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  if (!head.endsWith(';base64')) return new Blob([decodeURIComponent(data)], { type });
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

/**
 * The QR code of a public page (GET /api/shop/{shopUrl}/qr.{png|svg} and
 * /api/url/shop/{shopUrl}/{shortCode}/qr.{png|svg}), fetched with the session so that the
 * owner has it while the shop is still private. A code of a fixed address never changes.
 */
const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    qrCode: build.query<QrImage, QrRequest>({
      query: ({ path, format, size }) => ({
        url: `${path}.${format}`,
        params: { size, download: 1 },
        // A refusal is a JSON envelope; only a success is a picture.
        responseHandler: async (response) =>
          response.ok ? dataUrlOf(await response.blob()) : response.json().catch(() => null),
      }),
      transformResponse: (dataUrl: string, meta, { format }) => ({
        dataUrl,
        filename:
          filenameFrom(
            (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('content-disposition'),
          ) ?? `kartlink-qr.${format}`,
      }),
    }),
  }),
});

export const { useQrCodeQuery, useLazyQrCodeQuery } = shareApi;
