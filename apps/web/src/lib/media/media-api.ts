import { IMAGE_LIMITS, type ImageKind } from '@kartlink/contracts';
import { useMemo } from 'react';
import { useStore } from 'react-redux';
import { api } from '../api';
import { selectAccessToken, selectCurrentUser, type AuthState } from '../auth-slice';
import { photoAddressOf, sendUpload, type UploadSession } from './upload';

/**
 * Images (SPEC section 7, Images). The upload routes only store the image and answer its
 * address; the caller then saves that address with the shop, profile or product call.
 */

/** SPEC section 9: the shop photo upload gets 60 s; the other photo uploads get the same. */
const PHOTO_UPLOAD_TIMEOUT_MS = 60_000;

/** What the page keeps of an uploaded image. */
export interface UploadedPhoto {
  /** For DELETE /photos/{id}; null when the answer named none. */
  id: string | null;
  url: string;
  /** A small variant for grids; the full image until the server has made one. */
  thumbnailUrl: string;
}

export interface UploadControls {
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image file; resolves to the stored image. */
export type PhotoUploader = (file: File, controls?: UploadControls) => Promise<UploadedPhoto>;

function uploadedPhoto(data: unknown): UploadedPhoto {
  const url = photoAddressOf(data);
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const id = typeof record._id === 'string' && record._id ? record._id : null;
  const thumbnailUrl =
    typeof record.thumbnailUrl === 'string' && record.thumbnailUrl ? record.thumbnailUrl : url;
  return { id, url, thumbnailUrl };
}

const formWith = (fields: Record<string, string | Blob>): FormData => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

/** The signed-in session as uploads need it, read afresh for every attempt. */
export function useUploadSession(): UploadSession {
  const store = useStore<{ auth: AuthState }>();
  return useMemo(
    () => ({
      accessToken: () => selectAccessToken(store.getState()),
      signedIn: () => selectCurrentUser(store.getState()) !== null,
    }),
    [store],
  );
}

/** POST /photos/shop: the shop's photo, resized by the server to 800×800 at quality 0.85. */
function uploadShopPhoto(
  session: UploadSession,
  file: File,
  { onProgress, signal }: UploadControls = {},
): Promise<UploadedPhoto> {
  const form = formWith({
    photo: file,
    resize: 'true',
    resizeOptions: JSON.stringify(IMAGE_LIMITS.shopPhoto),
    originalFilename: file.name,
    clientTimestamp: String(Date.now()),
    fileSizeBytes: String(file.size),
    mimeType: file.type,
  });
  return sendUpload(
    {
      path: '/photos/shop',
      form,
      // SPEC section 7: after a network failure the shop photo goes again with the file alone.
      fallbackForm: formWith({ photo: file }),
      timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
      onProgress,
      signal,
    },
    session,
  ).then(uploadedPhoto);
}

/** POST /photos/profile: the signed-in person's own photo. */
function uploadProfilePhoto(
  session: UploadSession,
  file: File,
  { onProgress, signal }: UploadControls = {},
): Promise<UploadedPhoto> {
  return sendUpload(
    {
      path: '/photos/profile',
      form: formWith({ photo: file }),
      timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
      onProgress,
      signal,
    },
    session,
  ).then(uploadedPhoto);
}

/** POST /photos/upload: an image of a kind (a product's picture, most often). */
function uploadImage(
  session: UploadSession,
  file: File,
  kind: ImageKind,
  { onProgress, signal }: UploadControls = {},
): Promise<UploadedPhoto> {
  return sendUpload(
    {
      path: '/photos/upload',
      form: formWith({ image: file, type: kind }),
      timeoutMs: PHOTO_UPLOAD_TIMEOUT_MS,
      onProgress,
      signal,
    },
    session,
  ).then(uploadedPhoto);
}

/** The uploaders a page needs, bound to the signed-in session. */
export function usePhotoUploaders(): {
  shopPhoto: PhotoUploader;
  profilePhoto: PhotoUploader;
  productImage: PhotoUploader;
} {
  const session = useUploadSession();
  return useMemo(
    () => ({
      shopPhoto: (file, controls) => uploadShopPhoto(session, file, controls),
      profilePhoto: (file, controls) => uploadProfilePhoto(session, file, controls),
      productImage: (file, controls) => uploadImage(session, file, 'product', controls),
    }),
    [session],
  );
}

const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /photos/{id}: an image uploaded and then not used. */
    deletePhoto: build.mutation<void, string>({
      query: (id) => ({ url: `/photos/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
    }),
  }),
});

export const { useDeletePhotoMutation } = mediaApi;
