import type { WebhookDelivery, WebhookEndpoint } from '@kartlink/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '6f1c8d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  url: 'https://hooks.example.com/kartlink',
  description: '',
  events: ['product.created', 'product.updated'],
  status: 'active',
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '0b5d7e3a-1c2f-4a6b-9d8e-7f6a5b4c3d2e',
  endpointId: endpoint().id,
  eventId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  event: 'product.created',
  status: 'succeeded',
  attempts: 1,
  responseStatus: 200,
  latencyMs: 84,
  error: null,
  nextRetryAt: null,
  createdAt: new Date().toISOString(),
  deliveredAt: new Date().toISOString(),
  ...overrides,
});

const shop = { 'GET /shop/status': ok(statusOf(testShop())) };

async function openWebhooks() {
  const app = renderApp('/dashboard/webhooks', { user: TEST_USER });
  await screen.findByRole('heading', { level: 1, name: 'Webhooks' });
  return app;
}

describe('the Webhooks page', () => {
  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const endpoints: WebhookEndpoint[] = [];
    const api = mockApi({
      ...shop,
      'GET /webhooks': () => ok(endpoints),
      'POST /webhooks': ({ body }) => {
        const created = endpoint({ ...(body as Partial<WebhookEndpoint>) });
        endpoints.push(created);
        return {
          status: 201,
          body: { success: true, data: { ...created, secret: 'whsec_abc123' } },
        };
      },
    });
    const { user } = await openWebhooks();
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example.com/kartlink');
    await user.click(screen.getByRole('checkbox', { name: /product\.updated/ }));
    await user.click(screen.getByRole('checkbox', { name: /click\.recorded/ }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(api.callsTo('POST /webhooks')[0].body).toEqual({
      url: 'https://hooks.example.com/kartlink',
      events: ['click.recorded', 'product.created'],
    });
    const secret = await screen.findByRole('region', { name: 'Your signing secret' });
    expect(within(secret).getByText('whsec_abc123')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Endpoints' });
    expect(within(list).getByText('https://hooks.example.com/kartlink')).toBeInTheDocument();
    expect(within(list).getByText('Active')).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('whsec_abc123')).not.toBeInTheDocument();
  });

  it("shows the server's reason when an address is refused", async () => {
    mockApi({
      ...shop,
      'GET /webhooks': ok([]),
      'POST /webhooks': fail(400, 'Webhook endpoints must use https://', 'VALIDATION_ERROR', [
        { path: 'url', msg: 'Webhook endpoints must use https://' },
      ]),
    });
    const { user } = await openWebhooks();
    await user.type(await screen.findByLabelText('Endpoint URL'), 'http://hooks.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText('Webhook endpoints must use https://')).toBeInTheDocument();
    expect(screen.getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a test event, lists deliveries and redelivers one', async () => {
    const log = [delivery({ event: 'webhook.test' })];
    const api = mockApi({
      ...shop,
      'GET /webhooks': ok([endpoint()]),
      [`POST /webhooks/${endpoint().id}/test`]: ok(delivery({ status: 'pending' })),
      [`GET /webhooks/${endpoint().id}/deliveries`]: () => ok(log),
      [`POST /webhooks/${endpoint().id}/deliveries/${delivery().id}/redeliver`]: ok(delivery()),
    });
    const { user } = await openWebhooks();
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(api.callsTo(`POST /webhooks/${endpoint().id}/test`)).toHaveLength(1);
    const deliveries = await screen.findByRole('list', { name: 'Deliveries' });
    expect(within(deliveries).getByText('webhook.test')).toBeInTheDocument();
    expect(within(deliveries).getByText('Delivered')).toBeInTheDocument();
    expect(within(deliveries).getByText(/HTTP 200 · 84 ms · attempt 1/)).toBeInTheDocument();
    await user.click(within(deliveries).getByRole('button', { name: /Redeliver webhook\.test/ }));
    expect(
      api.callsTo(`POST /webhooks/${endpoint().id}/deliveries/${delivery().id}/redeliver`),
    ).toHaveLength(1);
  });

  it('shows a disabled endpoint with its reason and enables it again', async () => {
    let current = endpoint({
      status: 'disabled',
      disabledReason: 'Every delivery failed since 2026-11-27T10:00:00.000Z',
    });
    const api = mockApi({
      ...shop,
      'GET /webhooks': () => ok([current]),
      [`PATCH /webhooks/${endpoint().id}`]: () => {
        current = endpoint();
        return ok(current);
      },
    });
    const { user } = await openWebhooks();
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(screen.getByText(/Every delivery failed since/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test event' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(api.callsTo(`PATCH /webhooks/${endpoint().id}`)[0].body).toEqual({ enabled: true });
    expect(await screen.findByText('Active')).toBeInTheDocument();
  });

  it('deletes an endpoint only once it is confirmed', async () => {
    let endpoints = [endpoint()];
    const api = mockApi({
      ...shop,
      'GET /webhooks': () => ok(endpoints),
      [`DELETE /webhooks/${endpoint().id}`]: () => {
        endpoints = [];
        return ok(null);
      },
    });
    const { user } = await openWebhooks();
    const remove = await screen.findByRole('button', { name: `Delete endpoint ${endpoint().url}` });
    await user.click(remove);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE /webhooks/${endpoint().id}`)).toHaveLength(0);
    await user.click(remove);
    await user.click(await screen.findByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /webhooks/${endpoint().id}`)).toHaveLength(1);
  });
});
