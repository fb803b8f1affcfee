import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointCreated,
} from '@kartlink/contracts';
import { api } from '../../../lib/api';
import { dataOf } from '../../../lib/envelope';

const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

/** The Webhooks page's calls: endpoints, their delivery logs, test events and redeliveries. */
const webhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    webhookEndpoints: build.query<WebhookEndpoint[], void>({
      query: () => '/webhooks',
      transformResponse: dataOf<WebhookEndpoint[]>,
      providesTags: [{ type: 'Webhooks', id: 'LIST' }],
    }),
    addWebhookEndpoint: build.mutation<WebhookEndpointCreated, WebhookEndpointBody>({
      query: (body) => ({ url: '/webhooks', method: 'POST', body }),
      transformResponse: dataOf<WebhookEndpointCreated>,
      invalidatesTags: [{ type: 'Webhooks', id: 'LIST' }],
    }),
    setWebhookEnabled: build.mutation<WebhookEndpoint, { id: string; enabled: boolean }>({
      query: ({ id, enabled }) => ({ url: path(id), method: 'PATCH', body: { enabled } }),
      transformResponse: dataOf<WebhookEndpoint>,
      invalidatesTags: [{ type: 'Webhooks', id: 'LIST' }],
    }),
    deleteWebhookEndpoint: build.mutation<null, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: [{ type: 'Webhooks', id: 'LIST' }],
    }),
    webhookDeliveries: build.query<WebhookDelivery[], string>({
      query: (id) => `${path(id)}/deliveries`,
      transformResponse: dataOf<WebhookDelivery[]>,
      providesTags: (_result, _error, id) => [{ type: 'Webhooks', id }],
      // The log changes as deliveries are tried: always read it afresh.
      keepUnusedDataFor: 0,
    }),
    sendWebhookTest: build.mutation<WebhookDelivery, string>({
      query: (id) => ({ url: `${path(id)}/test`, method: 'POST', body: {} }),
      transformResponse: dataOf<WebhookDelivery>,
      invalidatesTags: (_result, _error, id) => [{ type: 'Webhooks', id }],
    }),
    redeliverWebhook: build.mutation<WebhookDelivery, { id: string; deliveryId: string }>({
      query: ({ id, deliveryId }) => ({
        url: `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
        method: 'POST',
        body: {},
      }),
      transformResponse: dataOf<WebhookDelivery>,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Webhooks', id }],
    }),
  }),
});

export const {
  useWebhookEndpointsQuery,
  useAddWebhookEndpointMutation,
  useSetWebhookEnabledMutation,
  useDeleteWebhookEndpointMutation,
  useWebhookDeliveriesQuery,
  useSendWebhookTestMutation,
  useRedeliverWebhookMutation,
} = webhooksApi;
