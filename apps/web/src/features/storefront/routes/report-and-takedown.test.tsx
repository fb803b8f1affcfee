import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, type Handler, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { testProduct, testShop } from '../test/fixtures';

const kurta = testProduct();

function mockShop(report: Handler = { status: 202, body: { success: true, data: null } }) {
  return mockApi({
    'GET /shop/meera-finds': ok(testShop()),
    'GET /shop/meera-finds/urls': ok([kurta]),
    'GET /url/shop/meera-finds/k3x9pqr': ok(kurta),
    'POST /reports': report,
  });
}

beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => true), configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

async function openReport(path = '/meera-finds') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  await app.user.click(await screen.findByRole('button', { name: 'Report this page' }));
  return { ...app, dialog: await screen.findByRole('dialog', { name: /^Report this/ }) };
}

describe('reporting a public page', () => {
  it('offers the reasons in order, asks for one, and thanks the visitor', async () => {
    const api = mockShop();
    const { user, dialog } = await openReport();
    expect(dialog).toHaveAccessibleName('Report this shop');
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Scam or fake product',
      'Counterfeit',
      'Adult or violent content',
      'Spam',
      'Other',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose why you are reporting this page.',
    );
    expect(api.callsTo('POST /reports')).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Counterfeit' }));
    const details = within(dialog).getByLabelText('Details (optional)');
    await user.type(details, 'Fake logo');
    expect(within(dialog).getByText('9/1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(api.callsTo('POST /reports')[0]!.body).toEqual({
      shopUrl: 'meera-finds',
      reason: 'counterfeit',
      details: 'Fake logo',
    });
    expect(
      await within(dialog).findByText('Thanks — our team will review this page.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /reports')[0]!.authorization).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this page' })).toHaveFocus();
  });

  it('says so when the visitor has sent too many reports', async () => {
    mockShop(fail(429, 'Too many requests', 'RATE_LIMITED' as never));
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You have sent several reports already. Please try again later.',
    );
  });

  it("shows the server's field problems", async () => {
    mockShop(
      fail(400, 'Validation failed', 'VALIDATION_ERROR', [
        { path: 'details', msg: 'Details must be at most 1000 characters' },
      ]),
    );
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Details must be at most 1000 characters',
    );
  });

  it('reports a product with its short code', async () => {
    const api = mockShop();
    const app = renderApp('/meera-finds/k3x9pqr');
    const sheet = await screen.findByRole('dialog', { name: 'Choose Favourite App' });
    await app.user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await app.user.click(await screen.findByRole('button', { name: 'Report this page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this product' });
    await app.user.click(within(dialog).getByRole('radio', { name: 'Scam or fake product' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thanks — our team will review this page.',
    );
    expect(api.callsTo('POST /reports')[0]!.body).toEqual({
      shopUrl: 'meera-finds',
      shortCode: 'k3x9pqr',
      reason: 'scam',
    });
  });
});

const gone = fail(410, 'This page is no longer available.', 'NO_LONGER_AVAILABLE');

describe('a page that is no longer available', () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name="robots"]').forEach((meta) => meta.remove());
  });

  it('says so for a hidden shop, without its details, and asks search engines not to list it', async () => {
    mockApi({ 'GET /shop/meera-finds': gone, 'GET /shop/meera-finds/urls': gone });
    renderApp('/meera-finds');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is no longer available.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Meera Finds')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );
  });

  it('says so for a hidden product', async () => {
    mockApi({ 'GET /shop/meera-finds': ok(testShop()), 'GET /url/shop/meera-finds/k3x9pqr': gone });
    renderApp('/meera-finds/k3x9pqr');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page is no longer available.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Visit the shop' })).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );
  });
});
