import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, networkDown, ok } from '../../test/mock-api';
import { created, deferred, mockUploads, refused, type UploadReply } from '../../test/mock-upload';
import { setSessionExpiredHandler, setSessionRefresher } from '../base-query';
import { photoAddressOf, sendUpload, UploadError, offersRetry, type UploadRequest } from './upload';

let token = 'token-1';
const session = { accessToken: () => token, signedIn: () => true };

const form = (fields: Record<string, string> = { photo: 'bytes' }) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const send = (overrides: Partial<UploadRequest> = {}) =>
  sendUpload({ path: '/photos/profile', form: form(), timeoutMs: 60_000, ...overrides }, session);

/** The failure an upload ends with. */
async function failureOf(promise: Promise<unknown>): Promise<UploadError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof UploadError) return error;
    throw error;
  }
  throw new Error('The upload did not fail');
}

afterEach(() => {
  token = 'token-1';
  setSessionRefresher(null);
  setSessionExpiredHandler(null);
  vi.useRealTimers();
});

describe('an upload', () => {
  it('goes to the API root with the bearer token and its timeout, and reports its progress', async () => {
    const answer = deferred<UploadReply>();
    const uploads = mockUploads({ 'POST /photos/profile': () => answer.promise });
    const progress: number[] = [];
    const result = send({ onProgress: (percent) => progress.push(percent) });

    await vi.waitFor(() => expect(uploads.calls).toHaveLength(1));
    const [call] = uploads.calls;
    expect(call?.authorization).toBe('Bearer token-1');
    expect(call?.timeout).toBe(60_000);
    expect(call?.fields).toEqual({ photo: ['bytes'] });
    call?.progress(25);
    call?.progress(100);
    answer.resolve(created({ _id: 'p1', photoURL: '/api/photos/p1.webp' }));

    expect(await result).toEqual({ _id: 'p1', photoURL: '/api/photos/p1.webp' });
    expect(progress).toEqual([0, 25, 100]);
  });

  it('refreshes the session after a 401 and tries again 500 ms later with the new token', async () => {
    vi.useFakeTimers();
    const uploads = mockUploads({
      'POST /photos/profile': (call) =>
        call.authorization === 'Bearer token-2' ? created({ url: '/a.png' }) : fail(401),
    });
    setSessionRefresher(async () => {
      token = 'token-2';
      return true;
    });
    const result = send();
    await vi.advanceTimersByTimeAsync(499);
    expect(uploads.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ url: '/a.png' });
    expect(uploads.calls.map((c) => c.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('hands a 401 that refreshing does not cure to the logout', async () => {
    vi.useFakeTimers();
    mockUploads({
      'POST /photos/profile': fail(401, 'Your session has expired.', 'TOKEN_EXPIRED'),
    });
    const expired = vi.fn();
    setSessionRefresher(async () => true);
    setSessionExpiredHandler(expired);
    const result = failureOf(send());
    await vi.advanceTimersByTimeAsync(500);
    const failure = await result;
    expect(failure).toMatchObject({ status: 401, message: 'Your session has expired.' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('is tried again 3 times after a network failure, 1 s, 2 s and 4 s apart', async () => {
    vi.useFakeTimers();
    const uploads = mockUploads({ 'POST /photos/profile': networkDown });
    const result = failureOf(send());
    await vi.advanceTimersByTimeAsync(0);
    expect(uploads.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(uploads.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(uploads.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(uploads.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(uploads.calls).toHaveLength(4);

    const failure = await result;
    expect(failure.code).toBe('NETWORK');
    expect(failure.message).toBe(
      'Network error. Please check your internet connection and try again.',
    );
    expect(offersRetry(failure)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(uploads.calls).toHaveLength(4);
  });

  it('is sent as its minimal form once the network failed, when it has one', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const uploads = mockUploads({
      'POST /photos/shop': () => (++attempts === 1 ? networkDown : created({ url: '/s.png' })),
    });
    const result = sendUpload(
      {
        path: '/photos/shop',
        form: form({ photo: 'bytes', resize: 'true' }),
        fallbackForm: form({ photo: 'bytes' }),
        timeoutMs: 60_000,
      },
      session,
    );
    await vi.advanceTimersByTimeAsync(1000);
    await result;
    expect(uploads.calls.map((c) => Object.keys(c.fields))).toEqual([
      ['photo', 'resize'],
      ['photo'],
    ]);
  });

  it('is tried again when the server is briefly away (503), but not when it refused (400)', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const away = mockUploads({
      'POST /photos/profile': () => (++attempts < 3 ? fail(503) : created({ url: '/b.png' })),
    });
    const result = send();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await result).toEqual({ url: '/b.png' });
    expect(away.calls).toHaveLength(3);

    const refusing = mockUploads({
      'POST /photos/profile': refused(
        400,
        'File extension does not match its content',
        'EXTENSION_MISMATCH',
      ),
    });
    const failure = await failureOf(send());
    expect(refusing.calls).toHaveLength(1);
    expect(failure).toMatchObject({
      code: 'EXTENSION_MISMATCH',
      status: 400,
      message: 'File extension does not match its content',
    });
    expect(offersRetry(failure)).toBe(false);
  });

  it("says 'Upload failed. Please try again.' when the server gives no usable words", async () => {
    mockUploads({ 'POST /photos/profile': { status: 400, body: '<html>Bad</html>' } });
    expect(await failureOf(send())).toMatchObject({
      code: 'INVALID_REQUEST',
      message: 'Upload failed. Please try again.',
    });
    mockUploads({ 'POST /photos/profile': refused(413, 'Error', 'FILE_TOO_LARGE') });
    expect(await failureOf(send())).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Upload failed. Please try again.',
    });
  });

  it('records and shows a 500, and says the upload failed', async () => {
    mockUploads({
      'POST /photos/profile': fail(500, 'Image store unavailable', 'INTERNAL_ERROR'),
    });
    const failure = await failureOf(send());
    expect(failure.message).toBe('Image store unavailable');
    expect(JSON.parse(sessionStorage.getItem('recent500Errors') ?? '[]')).toHaveLength(1);
  });

  it('says a timed-out upload is a network error, so that it can be tried again', async () => {
    mockUploads({ 'POST /photos/profile': { timeout: true } });
    const failure = await failureOf(send());
    expect(failure.code).toBe('TIMEOUT');
    expect(failure.message).toContain('Network error');
    expect(offersRetry(failure)).toBe(true);
  });

  it("says 'No response received from server' for an empty answer", async () => {
    mockUploads({ 'POST /photos/profile': { status: 201 } });
    expect((await failureOf(send())).message).toBe('No response received from server');
  });

  it('stops when its signal is aborted', async () => {
    const answer = deferred<UploadReply>();
    mockUploads({ 'POST /photos/profile': () => answer.promise });
    const controller = new AbortController();
    const result = failureOf(send({ signal: controller.signal }));
    controller.abort();
    expect((await result).code).toBe('ABORTED');
    answer.resolve(ok());
  });
});

describe("a photo upload's answer", () => {
  it('names the photo by photoURL or url', () => {
    expect(photoAddressOf({ photoURL: '/api/photos/a.webp', url: '/x' })).toBe(
      '/api/photos/a.webp',
    );
    expect(photoAddressOf({ url: '/api/photos/b.webp' })).toBe('/api/photos/b.webp');
  });

  it("without either, says 'Invalid response from server. Photo URL not received.'", () => {
    expect(() => photoAddressOf({ success: true })).toThrow(
      'Invalid response from server. Photo URL not received.',
    );
  });
});
