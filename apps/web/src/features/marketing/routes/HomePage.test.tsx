import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

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
      screen.getByText(`shop at ${window.location.host}/yourshop`, { exact: false }),
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
  it('cleans what is typed and carries it into sign-up', async () => {
    const { router, user } = await openHome();
    const input = screen.getByLabelText('Claim your shop URL');

    await user.type(input, 'Asha Crafts!');
    expect(input).toHaveValue('ashacrafts');
    await user.click(screen.getByRole('button', { name: 'Claim it' }));

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
    expect(router.state.location.search).toBe('?tab=signup&shopUrl=ashacrafts');
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
