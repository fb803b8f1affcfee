import type { CreateReportBody } from '@kartlink/contracts';
import { api } from '../../../lib/api';

/** POST /api/reports: a visitor reports a shop or product page (no account; answered 202). */
const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportPage: build.mutation<null, CreateReportBody>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
      transformResponse: () => null,
    }),
  }),
});

export const { useReportPageMutation } = reportApi;
