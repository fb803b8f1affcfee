import type { ImportPreview, ImportSource, ImportStart, ImportStatus } from '@kartlink/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';
import { filenameFrom } from '../../../lib/save-file';

/** A CSV file the server sends: its text and the name it gives it. */
interface CsvFile {
  csv: string;
  filename: string;
}

/** A CSV answer is text; a refusal is a JSON envelope. */
const csvOrEnvelope = (response: Response) =>
  response.ok ? response.text() : response.json().catch(() => null);

const csvFile = (fallback: string) => (csv: string, meta: unknown) => ({
  csv,
  filename:
    filenameFrom(
      (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('content-disposition'),
    ) ?? fallback,
});

/** Bulk import (a CSV file or pasted store addresses) and export of the owner's products. */
const importApi = api.injectEndpoints({
  endpoints: (build) => ({
    importTemplate: build.mutation<CsvFile, void>({
      query: () => ({
        url: '/urls/import/template',
        cache: 'no-store',
        responseHandler: csvOrEnvelope,
      }),
      transformResponse: csvFile('kartlink-products-template.csv'),
    }),
    exportProducts: build.mutation<CsvFile, void>({
      query: () => ({ url: '/urls/export.csv', cache: 'no-store', responseHandler: csvOrEnvelope }),
      transformResponse: csvFile('kartlink-products.csv'),
    }),
    /** The file itself is the body (text/csv, or text/plain for a list of addresses). */
    previewImport: build.mutation<ImportPreview, { source: ImportSource; text: string }>({
      query: ({ source, text }) => ({
        url: '/urls/import/preview',
        method: 'POST',
        params: { source },
        body: text,
        headers: { 'content-type': source === 'csv' ? 'text/csv' : 'text/plain' },
      }),
      transformResponse: dataOf<ImportPreview>,
    }),
    startImport: build.mutation<ImportStart, { uploadId: string; dryRun: boolean }>({
      query: (body) => ({ url: '/urls/import', method: 'POST', body }),
      transformResponse: dataOf<ImportStart>,
    }),
    importStatus: build.query<ImportStatus, string>({
      query: (jobId) => `/urls/import/${encodeURIComponent(jobId)}`,
      transformResponse: dataOf<ImportStatus>,
      // Each poll is new: a finished import changes the owner's list and counts.
      keepUnusedDataFor: 0,
      async onQueryStarted(_jobId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.state === 'completed') dispatch(importApi.util.invalidateTags(['Products']));
        } catch {
          // The page shows the failure.
        }
      },
    }),
  }),
});

export const {
  useImportTemplateMutation,
  useExportProductsMutation,
  usePreviewImportMutation,
  useStartImportMutation,
  useImportStatusQuery,
} = importApi;
