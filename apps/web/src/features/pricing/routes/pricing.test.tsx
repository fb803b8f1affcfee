import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';
import { percentOff, PRICES, upgradeMailto, yearlySaving } from '../pricing';

function open(path: string, user = TEST_USER) {
  mockApi({
    'GET /shop/status': ok(statusOf(testShop())),
    'GET /shop/user/profile': ok(testShop()),
  });
  return renderApp(path, { user });
}

const plan = (name: string) => screen.getByRole('article', { name });

describe('the prices', () => {
  it('live in one place and add up', () => {
    expect(PRICES).toEqual({ premiumMonthly: 299, premiumYearly: 2999, secretOfferYearly: 1999 });
    expect(yearlySaving(2999)).toBe(589);
    expect(percentOff(1999, 2999)).toBe(33);
  });

  it('write the upgrade e-mail', () => {
    expect(upgradeMailto('mailto:support@kartlink.app', 'Upgrade to Premium', 'a@b.in')).toBe(
      'mailto:support@kartlink.app?subject=Upgrade%20to%20Premium&body=Please%20upgrade%20my%20Kartlink%20account%20%28a%40b.in%29%20to%20Premium.',
    );
  });
});

describe('the pricing page', () => {
  it('shows Free and Premium in rupees, the Indian way, and marks the current plan', async () => {
    open('/dashboard/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
    expect(within(plan('Free')).getByText('₹0')).toBeInTheDocument();
    expect(within(plan('Free')).getByText('Your plan')).toBeInTheDocument();
    expect(within(plan('Free')).getByText('A limited number of products')).toBeInTheDocument();
    const premium = within(plan('Premium'));
    expect(premium.getByText('₹299')).toBeInTheDocument();
    expect(premium.getByText('or ₹2,999 per year (save ₹589)')).toBeInTheDocument();
    expect(premium.getByText('Unlimited products')).toBeInTheDocument();
    expect(premium.getByRole('link', { name: 'Contact us to upgrade' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:support@kartlink\.app\?subject=Upgrade%20to%20Premium/),
    );
  });

  it('does not offer Premium to someone who has it', async () => {
    open('/dashboard/pricing', { ...TEST_USER, plan: 'premium' });
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });
    expect(within(plan('Premium')).getByText('Your plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contact us to upgrade' })).not.toBeInTheDocument();
  });
});

describe('the secret offer', () => {
  it('offers a year of Premium for less, and is not in the navigation', async () => {
    open('/dashboard/secretoffer');
    await screen.findByRole('heading', { level: 1, name: 'A special offer' });
    expect(within(plan('Premium')).getByText('₹1,999')).toBeInTheDocument();
    expect(screen.getByText('₹2,999', { selector: 's' })).toBeInTheDocument();
    expect(screen.getByText(/33% off/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us to claim it' })).toHaveAttribute(
      'href',
      expect.stringContaining('Special%20offer'),
    );
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).queryByRole('link', { name: /offer/i })).not.toBeInTheDocument();
  });
});
