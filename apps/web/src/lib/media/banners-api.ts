import {
  IMAGE_LIMITS,
  type Banner,
  type BannerList,
  type BannerReorderBody,
  type BannerToggleBody,
  type BannerUpdateBody,
} from '@kartlink/contracts';
import { api } from '../api';
import { BannerFailures } from './banner-checks';
import { sendUpload, UploadError, type UploadSession } from './upload';
import type { UploadControls } from './media-api';

/** SPEC section 9: banner calls get 15 s, one upload 30 s, a multiple upload 60 s. */
const BANNER_TIMEOUTS = { callMs: 15_000, uploadMs: 30_000, uploadManyMs: 60_000 } as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `data` of a success envelope. */
const dataIn = (response: unknown): unknown => (isRecord(response) ? response.data : undefined);

/** SPEC section 5: banner data needs an id and a url. */
function isBanner(value: unknown): value is Banner {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    typeof value.url === 'string' &&
    value.url !== ''
  );
}

function bannerFrom(data: unknown, failure: string): Banner {
  if (!isBanner(data)) throw new UploadError('UPLOAD_ERROR', failure);
  return {
    id: data.id,
    url: data.url,
    alt: typeof data.alt === 'string' ? data.alt : '',
    link: typeof data.link === 'string' ? data.link : '',
    order: typeof data.order === 'number' ? data.order : 0,
  };
}

/** A banner list in the owner's order, without entries it cannot show. */
function bannerListFrom(data: unknown): BannerList {
  const record = isRecord(data) ? data : {};
  const images = Array.isArray(record.images) ? record.images.filter(isBanner) : [];
  return {
    enabled: record.enabled === true,
    images: images
      .map((banner) => bannerFrom(banner, BannerFailures.fetch))
      .sort((a, b) => a.order - b.order),
  };
}

interface NewBanner {
  alt: string;
  link: string;
  order: number;
}

/** POST /banners/upload: one banner with its text, link and place. */
export async function uploadBanner(
  session: UploadSession,
  file: File,
  details: NewBanner,
  { onProgress, signal }: UploadControls = {},
): Promise<Banner> {
  const form = new FormData();
  form.append('banner', file);
  form.append('alt', details.alt);
  form.append('link', details.link);
  form.append('order', String(details.order));
  const data = await sendUpload(
    {
      path: '/banners/upload',
      form,
      timeoutMs: BANNER_TIMEOUTS.uploadMs,
      failureMessage: BannerFailures.upload,
      onProgress,
      signal,
    },
    session,
  );
  // One banner; an answer listing it (as the multiple upload does) is read the same.
  return bannerFrom(Array.isArray(data) ? data[0] : data, BannerFailures.upload);
}

/** POST /banners/upload-multiple: the first 3 files only (SPEC section 5). */
export async function uploadBanners(
  session: UploadSession,
  files: readonly File[],
  { onProgress, signal }: UploadControls = {},
): Promise<Banner[]> {
  const form = new FormData();
  for (const file of files.slice(0, IMAGE_LIMITS.bannersPerUpload)) form.append('banners', file);
  const data = await sendUpload(
    {
      path: '/banners/upload-multiple',
      form,
      timeoutMs: BANNER_TIMEOUTS.uploadManyMs,
      failureMessage: BannerFailures.uploadMany,
      onProgress,
      signal,
    },
    session,
  );
  const list = Array.isArray(data) ? data : isRecord(data) ? data.images : undefined;
  if (!Array.isArray(list)) throw new UploadError('UPLOAD_ERROR', BannerFailures.uploadMany);
  return list.map((banner) => bannerFrom(banner, BannerFailures.uploadMany));
}

const path = (id: string) => `/banners/${encodeURIComponent(id)}`;

/**
 * The owner's banners (SPEC section 7, Banners): every call has 15 s. Changes also refresh the
 * owner's shop, whose public page shows them.
 */
const bannersApi = api.injectEndpoints({
  endpoints: (build) => ({
    banners: build.query<BannerList, void>({
      query: () => ({ url: '/banners/shop', timeout: BANNER_TIMEOUTS.callMs }),
      transformResponse: (response: unknown) => bannerListFrom(dataIn(response)),
      providesTags: ['Banners'],
    }),
    updateBanner: build.mutation<Banner, { id: string; body: BannerUpdateBody }>({
      query: ({ id, body }) => ({
        url: path(id),
        method: 'PUT',
        body,
        timeout: BANNER_TIMEOUTS.callMs,
      }),
      // The list is fetched again after a change, so an odd answer here harms nothing.
      transformResponse: (response: unknown) => dataIn(response) as Banner,
      invalidatesTags: (_banner, error) => (error ? [] : ['Banners', 'Shop']),
    }),
    deleteBanner: build.mutation<void, string>({
      query: (id) => ({ url: path(id), method: 'DELETE', timeout: BANNER_TIMEOUTS.callMs }),
      transformResponse: () => undefined,
      invalidatesTags: (_result, error) => (error ? [] : ['Banners', 'Shop']),
    }),
    toggleBanners: build.mutation<BannerList, BannerToggleBody>({
      query: (body) => ({
        url: '/banners/toggle',
        method: 'POST',
        body,
        timeout: BANNER_TIMEOUTS.callMs,
      }),
      transformResponse: (response: unknown) => bannerListFrom(dataIn(response)),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(bannersApi.util.updateQueryData('banners', undefined, () => data));
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_list, error) => (error ? [] : ['Shop']),
    }),
    /** Shows the new order at once; puts the old one back if the server refuses it. */
    reorderBanners: build.mutation<BannerList, BannerReorderBody>({
      query: (body) => ({
        url: '/banners/reorder',
        method: 'POST',
        body,
        timeout: BANNER_TIMEOUTS.callMs,
      }),
      transformResponse: (response: unknown) => bannerListFrom(dataIn(response)),
      async onQueryStarted({ bannerIds }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          bannersApi.util.updateQueryData('banners', undefined, (list) => {
            const byId = new Map(list.images.map((banner) => [banner.id, banner]));
            const moved = bannerIds.flatMap((id, order) => {
              const banner = byId.get(id);
              return banner ? [{ ...banner, order }] : [];
            });
            if (moved.length === list.images.length) list.images = moved;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(bannersApi.util.updateQueryData('banners', undefined, () => data));
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_list, error) => (error ? [] : ['Shop']),
    }),
  }),
});

export const {
  useBannersQuery,
  useUpdateBannerMutation,
  useDeleteBannerMutation,
  useToggleBannersMutation,
  useReorderBannersMutation,
} = bannersApi;
