import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFile, ImageCheckError, type MinDimensions } from '../../lib/media/image-checks';
import type { PhotoUploader, UploadedPhoto } from '../../lib/media/media-api';
import { offersRetry, UploadError, UploadMessages } from '../../lib/media/upload';

/** SPEC section 9: the Retry Upload button is offered at most twice for one file. */
const MAX_MANUAL_RETRIES = 2;

export const ImageUploadMessages = {
  uploaded: 'Image uploaded successfully',
  maxRetries: 'Maximum retry attempts reached. Please try again later or use a different image.',
  checking: 'Checking the image…',
} as const;

/**
 * SPEC section 4, photo upload: chosen, checked, previewed, uploading with its percentage,
 * uploaded; or failed, with Retry Upload when the failure is a network error.
 */
export type ImageUploadState =
  | { phase: 'idle' }
  | { phase: 'checking'; file: File }
  | { phase: 'uploading'; file: File; percent: number }
  | { phase: 'uploaded'; file: File; photo: UploadedPhoto }
  | { phase: 'failed'; file: File | null; message: string; canRetry: boolean };

interface Options {
  minDimensions?: MinDimensions;
  onUploaded?: (photo: UploadedPhoto) => void;
}

/** One image at a time: choose (or drop) a file, and it is checked and uploaded. */
export function useImageUpload(upload: PhotoUploader, { minDimensions, onUploaded }: Options = {}) {
  const [state, setState] = useState<ImageUploadState>({ phase: 'idle' });
  const run = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const retriesUsed = useRef(0);
  const latest = useRef({ upload, onUploaded, minDimensions });
  useEffect(() => {
    latest.current = { upload, onUploaded, minDimensions };
  });

  /** Whatever runs is stopped and its results ignored; returns the next run's id. */
  const stop = useCallback(() => {
    run.current += 1;
    controller.current?.abort();
    controller.current = null;
    return run.current;
  }, []);

  useEffect(() => () => void stop(), [stop]);

  const send = useCallback(async (file: File, id: number) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', file, percent: 0 });
    try {
      const photo = await latest.current.upload(file, {
        signal: abort.signal,
        onProgress: (percent) => {
          if (run.current === id) setState({ phase: 'uploading', file, percent });
        },
      });
      if (run.current !== id) return;
      setState({ phase: 'uploaded', file, photo });
      latest.current.onUploaded?.(photo);
    } catch (error) {
      if (run.current !== id) return;
      if (error instanceof UploadError && error.code === 'ABORTED') return;
      const retryable = offersRetry(error);
      const exhausted = retryable && retriesUsed.current >= MAX_MANUAL_RETRIES;
      setState({
        phase: 'failed',
        file,
        message: exhausted
          ? ImageUploadMessages.maxRetries
          : error instanceof Error && error.message
            ? error.message
            : UploadMessages.failed,
        canRetry: retryable && !exhausted,
      });
    }
  }, []);

  /** A new file: checks it, then uploads it. */
  const choose = useCallback(
    async (file: File) => {
      const id = stop();
      retriesUsed.current = 0;
      setState({ phase: 'checking', file });
      try {
        await checkImageFile(file, latest.current.minDimensions);
      } catch (error) {
        if (run.current !== id) return;
        const message = error instanceof ImageCheckError ? error.message : String(error);
        setState({ phase: 'failed', file: null, message, canRetry: false });
        return;
      }
      if (run.current !== id) return;
      await send(file, id);
    },
    [send, stop],
  );

  /** SPEC section 4: the same file again, at most twice. */
  const retry = useCallback(() => {
    if (state.phase !== 'failed' || !state.canRetry || !state.file) return;
    retriesUsed.current += 1;
    void send(state.file, stop());
  }, [send, state, stop]);

  /** Back to nothing chosen; an upload under way stops. */
  const reset = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  /** A message about a file refused before any check ran (the file drop's own). */
  const refuse = useCallback(
    (message: string) => {
      stop();
      setState({ phase: 'failed', file: null, message, canRetry: false });
    },
    [stop],
  );

  return { state, choose, retry, reset, refuse };
}

/** The file of a state, for its preview. */
export const fileOf = (state: ImageUploadState): File | null =>
  state.phase === 'idle' ? null : state.file;
