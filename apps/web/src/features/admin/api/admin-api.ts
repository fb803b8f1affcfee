import type {
  AdminPage,
  AdminProduct,
  AdminReport,
  AdminShop,
  AdminUser,
  AuditEntry,
  AuthUser,
  ImpersonationToken,
  ReportStatus,
  ResolveReportBody,
  UserPlan,
} from '@kartlink/contracts';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';
import { filenameFrom } from '../../../lib/save-file';

/** The audit log's filters, as the URL and GET /admin/audit carry them. */
export interface AuditFilters {
  type?: string;
  actor?: string;
  subject?: string;
  from?: string;
  to?: string;
}

/** A list the console reads a page at a time: its filter, and the cursor of the page. */
type PageArgs<F> = F & { cursor?: string | null };

const enc = encodeURIComponent;

/** Only the filters that are set: an empty one is not sent. */
function queryParams(values: Record<string, string | null | undefined>) {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

// Every answer changes what the lists show: each action refetches the console's lists.
const ADMIN = ['Admin'] as const;

/** The admin console's calls (issue 21): every /api/admin route answers 404 to non-admins. */
const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminPage<AdminUser>, PageArgs<{ q: string }>>({
      query: ({ q, cursor }) => ({ url: '/admin/users', params: queryParams({ q, cursor }) }),
      transformResponse: dataOf<AdminPage<AdminUser>>,
      providesTags: ADMIN,
      keepUnusedDataFor: 30,
    }),
    setUserPlan: build.mutation<AuthUser, { email: string; plan: UserPlan }>({
      query: (body) => ({ url: '/admin/users/plan', method: 'PUT', body }),
      transformResponse: dataOf<AuthUser>,
      invalidatesTags: ADMIN,
    }),
    disableUser: build.mutation<AdminUser, { id: string; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/admin/users/${enc(id)}/disable`,
        method: 'POST',
        body: { reason },
      }),
      transformResponse: dataOf<AdminUser>,
      invalidatesTags: ADMIN,
    }),
    enableUser: build.mutation<AdminUser, string>({
      query: (id) => ({ url: `/admin/users/${enc(id)}/enable`, method: 'POST', body: {} }),
      transformResponse: dataOf<AdminUser>,
      invalidatesTags: ADMIN,
    }),
    impersonationToken: build.mutation<ImpersonationToken, string>({
      query: (email) => ({ url: '/admin/impersonation-tokens', method: 'POST', body: { email } }),
      transformResponse: dataOf<ImpersonationToken>,
    }),
    adminShops: build.query<AdminPage<AdminShop>, PageArgs<{ q: string }>>({
      query: ({ q, cursor }) => ({ url: '/admin/shops', params: queryParams({ q, cursor }) }),
      transformResponse: dataOf<AdminPage<AdminShop>>,
      providesTags: ADMIN,
      keepUnusedDataFor: 30,
    }),
    adminProducts: build.query<AdminPage<AdminProduct>, PageArgs<{ q: string }>>({
      query: ({ q, cursor }) => ({ url: '/admin/products', params: queryParams({ q, cursor }) }),
      transformResponse: dataOf<AdminPage<AdminProduct>>,
      providesTags: ADMIN,
      keepUnusedDataFor: 30,
    }),
    moderateShop: build.mutation<AdminShop, { shopId: string; hide: boolean; reason?: string }>({
      query: ({ shopId, hide, reason }) => ({
        url: `/admin/shops/${enc(shopId)}/${hide ? 'hide' : 'restore'}`,
        method: 'POST',
        body: hide ? { reason } : {},
      }),
      transformResponse: dataOf<AdminShop>,
      invalidatesTags: ADMIN,
    }),
    moderateProduct: build.mutation<AdminProduct, { id: string; hide: boolean; reason?: string }>({
      query: ({ id, hide, reason }) => ({
        url: `/admin/products/${enc(id)}/${hide ? 'hide' : 'restore'}`,
        method: 'POST',
        body: hide ? { reason } : {},
      }),
      transformResponse: dataOf<AdminProduct>,
      invalidatesTags: ADMIN,
    }),
    adminReports: build.query<AdminPage<AdminReport>, PageArgs<{ status: ReportStatus }>>({
      query: ({ status, cursor }) => ({
        url: '/admin/reports',
        params: queryParams({ status, cursor }),
      }),
      transformResponse: dataOf<AdminPage<AdminReport>>,
      providesTags: ADMIN,
      keepUnusedDataFor: 30,
    }),
    resolveReport: build.mutation<AdminReport, ResolveReportBody & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/admin/reports/${enc(id)}/resolve`,
        method: 'POST',
        body,
      }),
      transformResponse: dataOf<AdminReport>,
      invalidatesTags: ADMIN,
    }),
    adminAudit: build.query<AdminPage<AuditEntry>, PageArgs<AuditFilters>>({
      query: ({ cursor, ...filters }) => ({
        url: '/admin/audit',
        params: queryParams({ ...filters, cursor }),
      }),
      transformResponse: dataOf<AdminPage<AuditEntry>>,
      providesTags: ADMIN,
      keepUnusedDataFor: 30,
    }),
    /** Text, not a Blob: the store keeps only plain data. The caller saves it as a file. */
    exportAuditCsv: build.mutation<{ csv: string; filename: string }, AuditFilters>({
      query: (filters) => ({
        url: '/admin/audit.csv',
        params: queryParams({ ...filters }),
        cache: 'no-store',
        // A refusal is a JSON envelope; only a success is CSV.
        responseHandler: (response) =>
          response.ok ? response.text() : response.json().catch(() => null),
      }),
      transformResponse: (csv: string, meta) => ({
        csv,
        filename:
          filenameFrom(
            (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('content-disposition'),
          ) ?? 'kartlink-audit.csv',
      }),
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useSetUserPlanMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useImpersonationTokenMutation,
  useAdminShopsQuery,
  useAdminProductsQuery,
  useModerateShopMutation,
  useModerateProductMutation,
  useAdminReportsQuery,
  useResolveReportMutation,
  useAdminAuditQuery,
  useExportAuditCsvMutation,
} = adminApi;
