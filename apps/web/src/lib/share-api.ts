import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from './api';
import { filenameFrom } from './save-file';

export type QrFormat = 'png' | 'svg';

interface QrRequest {
  /** The page's QR address under /api without the extension: `/shop/{shopUrl}/qr`. */
  path: string;
  format: QrFormat;
  /** Pixels a side: 256, 512 or 1024. */
  size: 256 | 512 | 1024;
}

interface QrImage {
  /** The picture as a data: URL (the store keeps only plain data). */
  dataUrl: string;
  /** The name the server gives the file ({shopUrl}[-{shortCode}]-qr.png). */
  filename: string;
}

/** A response's bytes as a data: URL of its type. */
async function dataUrlOf(response: Response): Promise<string> {
  const type = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0];
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and arguments are limited.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
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
        responseHandler: (response) =>
          response.ok ? dataUrlOf(response) : response.json().catch(() => null),
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
