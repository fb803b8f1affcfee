import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../test/downloads';
import { fail, file, type Handler, mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const GOOGLE_USER = { ...TEST_USER, signInMethods: ['google' as const] };

async function openAccount(routes: Record<string, Handler> = {}, user = TEST_USER) {
  const api = mockApi({ 'GET /auth/me': ok(user), 'GET /auth/sessions': ok([]), ...routes });
  const app = renderApp('/dashboard/account', { user });
  await screen.findByRole('heading', { level: 1, name: 'Your account' });
  return { ...app, api };
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => vi.restoreAllMocks());

describe('the account page: download my data', () => {
  it('saves the zip the server sends under its name', async () => {
    const saved = captureDownloads();
    const { user, api } = await openAccount({
      'GET /account/export': file(
        'PK-zip-bytes',
        'application/zip',
        'kartlink-account-2026-11-28.zip',
      ),
    });
    await user.click(
      within(section('Your data')).getByRole('button', { name: 'Download my data' }),
    );

    expect(
      await screen.findByText('Your data was saved as kartlink-account-2026-11-28.zip.'),
    ).toBeInTheDocument();
    expect(saved.map((f) => f.name)).toEqual(['kartlink-account-2026-11-28.zip']);
    // The zip as fetch read it (Node's Blob, which has text()).
    expect(await saved[0]!.blob.text()).toBe('PK-zip-bytes');
    expect(api.callsTo('GET /account/export')[0]?.authorization).toBe('Bearer test-access-token');
  });

  it('says why when the export is refused, and saves nothing', async () => {
    const saved = captureDownloads();
    const { user } = await openAccount({
      'GET /account/export': fail(429, 'Too many requests. Please wait a moment and try again.'),
    });
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('the account page: delete account', () => {
  it('asks for the password first; Cancel deletes nothing', async () => {
    const { user, api } = await openAccount();
    await user.click(
      within(section('Delete account')).getByRole('button', { name: 'Delete account' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Enter your password to delete your account.')).toBeVisible();
    expect(api.callsTo('POST /account/delete')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /account/delete')).toHaveLength(0);
  });

  it('shows a wrong password beside the field and stays signed in', async () => {
    const { user, router } = await openAccount({
      'POST /account/delete': fail(400, 'Your password is incorrect.', 'VALIDATION_ERROR', [
        { path: 'password', msg: 'Your password is incorrect.' },
      ]),
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'Wrong-pass1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('Your password is incorrect.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/account');
  });

  it('deletes the account with the password, then signs out and goes home', async () => {
    const { user, api, router, store } = await openAccount({
      'POST /account/delete': ok(null, 'Your account was deleted.'),
      'POST /auth/logout': ok(null),
    });
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'Kartlink2024{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /account/delete')[0]?.body).toEqual({ password: 'Kartlink2024' });
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
    expect(store.getState().auth.status).toBe('signedOut');
  });

  it('confirms a Google-only account with an e-mailed code', async () => {
    const { user, api, router } = await openAccount(
      {
        'POST /account/deletion-code': ok({ email: 'asha@example.com', expiresInSeconds: 600 }),
        'POST /account/delete': ok(null, 'Your account was deleted.'),
        'POST /auth/logout': ok(null),
      },
      GOOGLE_USER,
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(
      await within(dialog).findByText('We sent a 6-digit code to asha@example.com.'),
    ).toBeVisible();

    await user.type(within(dialog).getByLabelText('Code from the e-mail'), '12a3456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /account/delete')[0]?.body).toEqual({ code: '123456' });
  });
});
