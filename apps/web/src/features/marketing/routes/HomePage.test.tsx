import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { TEST_PUBLIC_HOST } from '../../../test/public-url';

async function openHome() {
  const app = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'One link for every store you sell on' });
  return app;
}

describe('the home page', () => {
  it('explains one link per product across up to 7 stores', async () => {
    await openHome();
    const stores = within(screen.getByRole('region', { name: 'Link your products on' }));
    for (const store of ['Amazon', 'Flipkart', 'Myntra', 'AJIO', 'Meesho', 'WhatsApp']) {
      expect(stores.getByText(store)).toBeInTheDocument();
    }
    expect(stores.getByText('any other store')).toBeInTheDocument();
    expect(screen.getByText(/up to 7 stores per product/)).toBeInTheDocument();
  });

  it('presents the public shop address, click analytics and both plans', async () => {
    await openHome();
    expect(
      screen.getByText(`shop at ${TEST_PUBLIC_HOST}/yourshop`, { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Click analytics' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(screen.getByText(/Upgrade to Premium for unlimited products/)).toBeInTheDocument();
  });

  it('shows example prices in rupees', async () => {
    await openHome();
    expect(screen.getByText('₹1,299')).toBeInTheDocument();
  });

  it('invites sign-up', async () => {
    await openHome();
    for (const name of ['Create your free shop', 'Sign up free']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/auth?tab=signup');
    }
  });
});

describe('claiming a shop URL', () => {
  const TAKEN = 'This shop URL is already taken. Please choose a different one.';
  /** The server knows one taken URL, "meera-finds". */
  const availabilityServer = () =>
    mockApi({
      'POST /shop/check-url-available': ({ body }) =>
        (body as { shopUrl: string }).shopUrl === 'meera-finds'
          ? ok({ isAvailable: false, message: TAKEN })
          : ok({ isAvailable: true }),
    });

  it('cleans what is typed, says it is free and carries it into sign-up', async () => {
    const api = availabilityServer();
    const { router, user } = await openHome();
    const input = screen.getByLabelText('Claim your shop URL');

    await user.type(input, 'Asha Crafts!');
    expect(input).toHaveValue('ashacrafts');
    expect(await screen.findByText('This shop URL is available!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Claim it' }));

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?tab=signup&shopUrl=ashacrafts');
    // Asked without a token, once typing paused: not once per letter.
    expect(api.callsTo('POST /shop/check-url-available').map((call) => call.body)).toEqual([
      { shopUrl: 'ashacrafts' },
    ]);
    expect(api.callsTo('POST /shop/check-url-available')[0]?.authorization).toBeNull();
  });

  it('says a taken URL is taken and does not send the visitor to sign up for it', async () => {
    availabilityServer();
    const { router, user } = await openHome();
    const input = screen.getByLabelText('Claim your shop URL');

    await user.type(input, 'meera-finds');
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Claim it' }));
    expect(router.state.location.pathname).toBe('/');
    expect(input).toHaveFocus();

    await user.clear(input);
    await user.type(input, 'meera-finds-2');
    expect(await screen.findByText('This shop URL is available!')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('waits for the answer when "Claim it" comes before it', async () => {
    availabilityServer();
    const { router, user } = await openHome();
    const input = screen.getByLabelText('Claim your shop URL');

    // Typed and sent at once, before the 500 ms pause: the check still decides.
    await user.type(input, 'meera-finds{Enter}');
    expect(screen.getByText('Checking availability…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    expect(router.state.location.pathname).toBe('/');

    await user.clear(input);
    await user.type(input, 'asha-crafts{Enter}');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=signup&shopUrl=asha-crafts');
  });

  it('asks for at least 3 characters', async () => {
    const { router, user } = await openHome();
    await user.type(screen.getByLabelText('Claim your shop URL'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Claim it' }));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Shop URL must be at least 3 characters long.',
    );
    expect(screen.getByLabelText('Claim your shop URL')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/');
  });
});
