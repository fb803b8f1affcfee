import { stackBaseUrl } from '@kartlink/testing';
import type { Answer, Visitor } from './auth-client';

export interface FilePart {
  bytes: Buffer;
  name: string;
  type: string;
}

export const file = (bytes: Buffer, name: string, type: string): FilePart => ({
  bytes,
  name,
  type,
});

/** POSTs a multipart form as the browser builds it: files as Blobs with their names. */
export async function sendForm<T>(
  visitor: Visitor,
  path: string,
  parts: Array<[string, FilePart | string]>,
): Promise<Answer<T>> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const response = await fetch(`${stackBaseUrl()}/api${path}`, {
    method: 'POST',
    headers: {
      'x-forwarded-for': visitor.ip,
      ...(visitor.accessToken ? { authorization: `Bearer ${visitor.accessToken}` } : {}),
    },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer<T>['body'],
    setCookie: null,
  };
}
