import type { CustomDomain, CustomDomainAnswer } from '@kartlink/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statusOf, testShop } from '../../../test/fixtures';
import { fail, type Handler, mockApi, ok } from '../../../test/mock-api';
import { renderApp, TEST_USER } from '../../../test/render-app';

const pending: CustomDomain = {
  domain: 'shop.ashacrafts.in',
  status: 'pending',
  records: [
    { type: 'CNAME', name: 'shop.ashacrafts.in', value: 'ingress.kartlink.in', ok: null },
    {
      type: 'TXT',
      name: '_kartlink.shop.ashacrafts.in',
      value: 'kartlink-verify=0123456789abcdef0123456789abcdef',
      ok: null,
    },
  ],
  problem: null,
  lastCheckedAt: null,
  verifiedAt: null,
  url: null,
};

function openSettings(routes: Record<string, Handler>) {
  const shop = testShop();
  const api = mockApi({
    'GET /shop/status': ok(statusOf(shop)),
    'GET /shop/user/profile': ok(shop),
    ...routes,
  });
  return { ...renderApp('/dashboard/shop/settings', { user: TEST_USER }), api };
}

const section = async () => screen.findByRole('region', { name: 'Custom domain' });

describe('the custom domain section', () => {
  it('offers Premium on the free plan', async () => {
    openSettings({ 'GET /shop/domain': ok({ customDomain: null, allowed: false }) });
    const box = await section();
    expect(
      await within(box).findByText('Upgrade to Premium to use your own domain.'),
    ).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'See Premium' })).toHaveAttribute(
      'href',
      '/dashboard/pricing',
    );
    expect(within(box).queryByLabelText('Domain')).not.toBeInTheDocument();
  });

  it('adds a domain, shows its two records to copy, verifies and says what the resolver found', async () => {
    let current: CustomDomain | null = null;
    const { api, user } = openSettings({
      'GET /shop/domain': () => ok({ customDomain: current, allowed: true }),
      'PUT /shop/domain': () => {
        current = pending;
        return ok(current);
      },
      'POST /shop/domain/verify': () => {
        current = {
          ...pending,
          status: 'failed',
          problem:
            'No TXT record found at _kartlink.shop.ashacrafts.in: create it with the value shown.',
          lastCheckedAt: new Date().toISOString(),
          records: [
            { ...pending.records[0]!, ok: true },
            { ...pending.records[1]!, ok: false },
          ],
        };
        return ok(current);
      },
    });
    const box = await section();
    await user.type(await within(box).findByLabelText('Domain'), 'Shop.AshaCrafts.in');
    await user.click(within(box).getByRole('button', { name: 'Add domain' }));
    expect(api.callsTo('PUT /shop/domain')[0]?.body).toEqual({ domain: 'Shop.AshaCrafts.in' });

    const records = await within(box).findByRole('list', { name: 'DNS records' });
    expect(within(records).getByText('ingress.kartlink.in')).toBeInTheDocument();
    expect(within(records).getByText('_kartlink.shop.ashacrafts.in')).toBeInTheDocument();
    expect(
      within(records).getByText('kartlink-verify=0123456789abcdef0123456789abcdef'),
    ).toBeInTheDocument();
    expect(
      within(records).getByRole('button', { name: "Copy the TXT record's value" }),
    ).toBeInTheDocument();
    expect(
      within(records).getByRole('button', { name: "Copy the CNAME record's name" }),
    ).toBeInTheDocument();
    expect(within(box).getByText('Pending')).toBeInTheDocument();
    expect(within(box).getByText(/Not checked yet/)).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Verify now' }));
    expect(
      await within(box).findByText(
        'No TXT record found at _kartlink.shop.ashacrafts.in: create it with the value shown.',
      ),
    ).toBeInTheDocument();
    expect(within(box).getByText('Not verified')).toBeInTheDocument();
    expect(within(box).getByText('Last checked just now.')).toBeInTheDocument();
    expect(within(records).getByText('Found')).toBeInTheDocument();
    expect(within(records).getByText('Missing or wrong')).toBeInTheDocument();
  });

  it('shows the server’s reason when a domain is refused', async () => {
    const answer: CustomDomainAnswer = { customDomain: null, allowed: true };
    const { api, user } = openSettings({
      'GET /shop/domain': ok(answer),
      'PUT /shop/domain': fail(409, 'This domain is already used by another shop.', 'CONFLICT'),
    });
    const box = await section();
    await user.type(await within(box).findByLabelText('Domain'), 'shop.taken.in');
    await user.click(within(box).getByRole('button', { name: 'Add domain' }));
    expect(
      await within(box).findByText('This domain is already used by another shop.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /shop/domain')).toHaveLength(1);
  });

  it('shows a verified domain live and removes it', async () => {
    let current: CustomDomain | null = {
      ...pending,
      status: 'verified',
      url: 'https://shop.ashacrafts.in',
      lastCheckedAt: new Date().toISOString(),
      verifiedAt: new Date().toISOString(),
      records: pending.records.map((r) => ({ ...r, ok: true })),
    };
    const { api, user } = openSettings({
      'GET /shop/domain': () => ok({ customDomain: current, allowed: true }),
      'DELETE /shop/domain': () => {
        current = null;
        return ok(null);
      },
    });
    const box = await section();
    expect(await within(box).findByText('Verified')).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'shop.ashacrafts.in' })).toHaveAttribute(
      'href',
      'https://shop.ashacrafts.in/',
    );
    await user.click(within(box).getByRole('button', { name: 'Remove domain' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this domain?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove domain' }));
    expect(await within(box).findByLabelText('Domain')).toBeInTheDocument();
    expect(api.callsTo('DELETE /shop/domain')).toHaveLength(1);
  });
});
