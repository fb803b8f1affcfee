import { vi } from 'vitest';
import type { Reply } from './mock-api';

/** What a mocked upload answers: a reply of mock-api, or no answer before the timeout. */
export type UploadReply = Reply | { timeout: true };

export interface UploadCall {
  method: string;
  /** The path under /api. */
  path: string;
  /** The multipart fields, each with every value sent under its name. */
  fields: Record<string, Array<string | File>>;
  authorization: string | null;
  timeout: number;
  /** Reports how much of the body has been sent, in percent. */
  progress: (percent: number) => void;
}

type UploadHandler = UploadReply | ((call: UploadCall) => UploadReply | Promise<UploadReply>);

const API_ROOT = 'http://localhost:3000/api';

/** A promise and the function that settles it, for answers a test gives when it chooses. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * Replaces XMLHttpRequest (which uploads use, for their progress) with routes given as
 * 'METHOD /path' under /api. A route not given answers 404. Every upload is recorded with its
 * fields; a handler may report progress through the call before it answers.
 */
export function mockUploads(routes: Record<string, UploadHandler>) {
  const calls: UploadCall[] = [];

  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private headers = new Map<string, string>();
    private settled = false;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name.toLowerCase(), value);
    }

    abort() {
      if (this.settled) return;
      this.settled = true;
      this.onabort?.();
    }

    send(body: FormData) {
      const fields: UploadCall['fields'] = {};
      for (const [name, value] of body.entries()) (fields[name] ??= []).push(value);
      const path = this.url.slice(API_ROOT.length);
      const call: UploadCall = {
        method: this.method,
        path,
        fields,
        authorization: this.headers.get('authorization') ?? null,
        timeout: this.timeout,
        progress: (percent) => {
          if (this.settled) return;
          this.upload.onprogress?.({
            lengthComputable: true,
            loaded: percent,
            total: 100,
          } as ProgressEvent);
        },
      };
      calls.push(call);
      const handler = routes[`${this.method} ${new URL(this.url).pathname.slice('/api'.length)}`];
      void Promise.resolve()
        .then(() =>
          handler === undefined
            ? ({ status: 404, body: { success: false, error: 'Route not found' } } as Reply)
            : typeof handler === 'function'
              ? handler(call)
              : handler,
        )
        .then((reply) => {
          if (this.settled) return;
          this.settled = true;
          if ('network' in reply) return this.onerror?.();
          if ('timeout' in reply) return this.ontimeout?.();
          this.status = reply.status;
          this.responseText =
            'file' in reply
              ? reply.file
              : reply.body === undefined
                ? ''
                : typeof reply.body === 'string'
                  ? reply.body
                  : JSON.stringify(reply.body);
          this.onload?.();
        });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);

  return {
    calls,
    /** The uploads made to 'METHOD /path'. */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
  };
}

/** A refusal with any errorCode (upload codes are not all in the shared ErrorCode list). */
export const refused = (status: number, error: string, errorCode: string): Reply => ({
  status,
  body: { success: false, error, errorCode },
});

/** `{ success: true, data }` with 201, as the upload routes answer. */
export const created = (data: unknown): Reply => ({
  status: 201,
  body: { success: true, data },
});

/** What POST /photos/* answers for a stored image. */
export function uploadedImage(id: string, url = `/api/photos/${id}.webp`) {
  return {
    _id: id,
    url,
    photoURL: url,
    thumbnailUrl: `${url}/thumbnail`,
    width: 800,
    height: 800,
    contentType: 'image/webp',
    bytes: 20_480,
  };
}
