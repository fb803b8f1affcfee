import type { AnalyticsOverview, ProductAnalytics } from '@kartlink/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api';
import type { DayRange } from '../../../lib/analytics-range';
import { dataOf } from '../../../lib/envelope';
import { filenameFrom } from '../../../lib/save-file';

/** A CSV export as the server sent it, and the file name it asked for. */
interface CsvExport {
  csv: string;
  filename: string;
}

/**
 * What a CSV export holds: one row a day (GET /analytics/export.csv) or one row a product
 * (GET /analytics/products.csv), for a range.
 */
export type CsvRequest = DayRange & { rows: 'days' | 'products' };

/** The owner's shop analytics (GET /analytics/overview and the CSV exports). */
const analyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    analyticsOverview: build.query<AnalyticsOverview, DayRange>({
      query: ({ from, to }) => ({ url: '/analytics/overview', params: { from, to } }),
      transformResponse: dataOf<AnalyticsOverview>,
      providesTags: ['Analytics'],
    }),
    /** One product's figures: by store, source and app or website (GET /analytics/products/{id}). */
    analyticsProductFigures: build.query<ProductAnalytics, DayRange & { id: string }>({
      query: ({ id, from, to }) => ({
        url: `/analytics/products/${encodeURIComponent(id)}`,
        params: { from, to },
      }),
      transformResponse: dataOf<ProductAnalytics>,
      providesTags: ['Analytics'],
    }),
    /** Text, not a Blob: the store keeps only plain data. The caller saves it as a file. */
    exportAnalyticsCsv: build.mutation<CsvExport, CsvRequest>({
      query: ({ from, to, rows }) => ({
        url: rows === 'products' ? '/analytics/products.csv' : '/analytics/export.csv',
        params: { from, to },
        cache: 'no-store',
        // A refusal is a JSON envelope; only a success is CSV.
        responseHandler: (response) =>
          response.ok ? response.text() : response.json().catch(() => null),
      }),
      transformResponse: (csv: string, meta, { from, to, rows }) => ({
        csv,
        filename:
          // The app's base query passes fetchBaseQuery's meta through untyped.
          filenameFrom(
            (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('content-disposition'),
          ) ?? `kartlink-${rows === 'products' ? 'products-' : ''}${from}-to-${to}.csv`,
      }),
    }),
  }),
});

export const {
  useAnalyticsOverviewQuery,
  useAnalyticsProductFiguresQuery,
  useExportAnalyticsCsvMutation,
} = analyticsApi;
