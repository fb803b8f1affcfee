import type { DeviceSession, OtherSessionsEnded } from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

/** The account page's signed-in devices: the list, and signing out one or all others. */
const devicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    signedInDevices: build.query<DeviceSession[], void>({
      query: () => '/auth/sessions',
      transformResponse: dataOf<DeviceSession[]>,
      providesTags: ['Devices'],
      // Always the current list when the page opens: a device may have signed in since.
      keepUnusedDataFor: 0,
    }),
    signOutDevice: build.mutation<null, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: dataOf<null>,
      invalidatesTags: ['Devices'],
    }),
    signOutOtherDevices: build.mutation<OtherSessionsEnded, void>({
      query: () => ({ url: '/auth/sessions/end-others', method: 'POST' }),
      transformResponse: dataOf<OtherSessionsEnded>,
      invalidatesTags: ['Devices'],
    }),
  }),
});

export const { useSignedInDevicesQuery, useSignOutDeviceMutation, useSignOutOtherDevicesMutation } =
  devicesApi;
