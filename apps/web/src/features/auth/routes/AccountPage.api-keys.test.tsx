import type { ApiKey } from '@kartlink/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, type Handler, mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const SECRET = `kl_live_${'Ab3x'.repeat(10)}Ab3`;
const SHEET: ApiKey = {
  id: 'k1',
  name: 'Price sheet',
  prefix: 'kl_live_Qz9w',
  scopes: ['products:read', 'analytics:read'],
  createdAt: '2026-11-20T09:00:00Z',
  lastUsedAt: null,
  expiresAt: null,
};

async function openAccount(routes: Record<string, Handler> = {}, user = TEST_USER) {
  const api = mockApi({
    'GET /auth/me': ok(user),
    'GET /auth/sessions': ok([]),
    'GET /auth/api-keys': ok([SHEET]),
    ...routes,
  });
  const app = renderApp('/dashboard/account', { user });
  await screen.findByRole('heading', { level: 1, name: 'Your account' });
  return { ...app, api };
}

const keysSection = () => within(screen.getByRole('region', { name: 'API keys' }));

describe('the account page: API keys', () => {
  it('lists each key with its prefix, scopes, dates and use', async () => {
    await openAccount();
    const item = within(await keysSection().findByRole('listitem'));
    expect(item.getByText('kl_live_Qz9w…')).toBeInTheDocument();
    expect(item.getByText('Read products, Read analytics')).toBeInTheDocument();
    expect(item.getByText(/Created 20 Nov 2026 · Never used · Never expires/)).toBeInTheDocument();
  });

  it('creates a key with the chosen scopes and expiry, and shows its secret once to copy', async () => {
    let list = [SHEET];
    const made: ApiKey = {
      ...SHEET,
      id: 'k2',
      name: 'Zapier',
      prefix: SECRET.slice(0, 12),
      scopes: ['products:write'],
      expiresAt: '2027-02-26T09:00:00Z',
    };
    const { user, api } = await openAccount({
      'GET /auth/api-keys': () => ok(list),
      'POST /auth/api-keys': () => {
        list = [made, SHEET];
        return { status: 201, body: { success: true, data: { key: made, secret: SECRET } } };
      },
    });
    const keys = keysSection();
    await user.type(keys.getByLabelText('Key name'), 'Zapier');
    await user.click(keys.getByLabelText('Read products (products:read)'));
    await user.click(keys.getByLabelText('Write products (products:write)'));
    await user.selectOptions(keys.getByLabelText('Expires'), '30 days');
    await user.click(keys.getByRole('button', { name: 'Create key' }));

    expect(await keys.findByLabelText('New API key')).toHaveTextContent(SECRET);
    expect(keys.getByText(/it is shown this once/)).toBeInTheDocument();
    const body = api.callsTo('POST /auth/api-keys')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Zapier', scopes: ['products:write'] });
    const days = (Date.parse(body.expiresAt as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await user.click(keys.getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('API key copied')).toBeInTheDocument();
    await waitFor(() => expect(keys.getAllByRole('listitem')).toHaveLength(2));
    expect(keys.getByText(/Expires 26 Feb 2027/)).toBeInTheDocument();

    await user.click(keys.getByRole('button', { name: 'Done' }));
    expect(keys.queryByLabelText('New API key')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('needs a name and a scope, and shows the server’s refusal', async () => {
    const { user, api } = await openAccount({
      'POST /auth/api-keys': fail(
        403,
        'You can have at most 25 API keys. Revoke one you no longer use.',
        'FORBIDDEN',
      ),
    });
    const keys = keysSection();
    await user.click(keys.getByLabelText('Read products (products:read)'));
    await user.click(keys.getByRole('button', { name: 'Create key' }));
    expect(keys.getByText('Name is required')).toBeInTheDocument();
    expect(keys.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/api-keys')).toHaveLength(0);

    await user.type(keys.getByLabelText('Key name'), 'One more');
    await user.click(keys.getByLabelText('Read analytics (analytics:read)'));
    await user.click(keys.getByRole('button', { name: 'Create key' }));
    expect(await keys.findByRole('alert')).toHaveTextContent(
      'You can have at most 25 API keys. Revoke one you no longer use.',
    );
  });

  it('revokes a key after asking', async () => {
    let list = [SHEET];
    const { user, api } = await openAccount({
      'GET /auth/api-keys': () => ok(list),
      'DELETE /auth/api-keys/k1': () => {
        list = [];
        return ok(null);
      },
    });
    const keys = keysSection();
    await user.click(await keys.findByRole('button', { name: 'Revoke Price sheet' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Revoke this API key?' }));
    expect(
      dialog.getByText(/Scripts using Price sheet \(kl_live_Qz9w…\) stop working/),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /auth/api-keys/k1')).toHaveLength(0);

    await user.click(keys.getByRole('button', { name: 'Revoke Price sheet' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Revoked Price sheet.')).toBeInTheDocument();
    expect(await keys.findByText('No API keys yet.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /auth/api-keys/k1')).toHaveLength(1);
  });

  it('offers no key creation to an admin acting as the owner', async () => {
    await openAccount(
      {},
      {
        ...TEST_USER,
        impersonatedBy: { id: 'a1', email: 'admin@example.com' },
      },
    );
    const keys = keysSection();
    expect(
      keys.getByText('An admin signed in as this user cannot create API keys.'),
    ).toBeInTheDocument();
    expect(keys.queryByRole('button', { name: 'Create key' })).toBeNull();
  });
});
