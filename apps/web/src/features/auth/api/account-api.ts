import type {
  AccountDeletionBody,
  AuthUser,
  ChangePasswordBody,
  DeletionCodeSent,
  UpdateProfileBody,
} from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf, dataWithMessage } from '../../../lib/envelope';
import { filenameFrom, saveFile } from '../../../lib/save-file';
import { sessionApi } from './session-api';

/** A downloaded export: saved already, as this file of this many bytes. */
interface SavedExport {
  filename: string;
  bytes: number;
}

/** The signed-in person's own account: profile, password, their data, and leaving. */
const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** An empty phoneNumber removes it; photoURL is an uploaded photo's address, null removes it. */
    updateProfile: build.mutation<AuthUser, UpdateProfileBody>({
      query: (body) => ({ url: '/user/profile', method: 'PUT', body }),
      transformResponse: dataOf<AuthUser>,
      // The saved profile is the latest: a cached GET /auth/me must not bring back the old one.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.updateQueryData('currentUser', undefined, () => data));
        } catch {
          // The caller shows the failure.
        }
      },
    }),
    changePassword: build.mutation<{ data: unknown; message?: string }, ChangePasswordBody>({
      query: (body) => ({ url: '/auth/password', method: 'POST', body }),
      transformResponse: dataWithMessage<unknown>,
      // A wrong current password may come back as a 401: it is shown, not a reason to sign out.
      extraOptions: { keepSessionOn401: true },
      // Every other device was signed out.
      invalidatesTags: ['Devices'],
    }),
    /**
     * GET /api/account/export: the zip is saved as a download as soon as it has arrived; the
     * store keeps only plain data (its name and size), never the bytes.
     */
    exportAccount: build.mutation<SavedExport, void>({
      query: () => ({
        url: '/account/export',
        cache: 'no-store',
        // The server sends the first byte once every service answered; a big zip takes longer.
        timeout: 60_000,
        responseHandler: async (response) => {
          // A refusal is a JSON envelope; only a success is the zip.
          if (!response.ok) return response.json().catch(() => null);
          const blob = await response.blob();
          const filename =
            filenameFrom(response.headers.get('content-disposition')) ?? 'kartlink-account.zip';
          saveFile(blob, filename);
          return { filename, bytes: blob.size };
        },
      }),
    }),
    /** For an account without a password: e-mails the code that confirms a deletion. */
    sendDeletionCode: build.mutation<DeletionCodeSent, void>({
      query: () => ({ url: '/account/deletion-code', method: 'POST' }),
      transformResponse: dataOf<DeletionCodeSent>,
    }),
    deleteAccount: build.mutation<{ data: unknown; message?: string }, AccountDeletionBody>({
      query: (body) => ({ url: '/account/delete', method: 'POST', body }),
      transformResponse: dataWithMessage<unknown>,
      // A wrong password is shown in the dialog, not a reason to sign out.
      extraOptions: { keepSessionOn401: true },
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useExportAccountMutation,
  useSendDeletionCodeMutation,
  useDeleteAccountMutation,
} = accountApi;
