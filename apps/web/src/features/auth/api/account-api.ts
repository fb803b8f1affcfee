import type { AuthUser, ChangePasswordBody, UpdateProfileBody } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf, dataWithMessage } from '../../../lib/envelope';
import { sessionApi } from './session-api';

/** The signed-in person's own account: profile and password. */
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
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = accountApi;
