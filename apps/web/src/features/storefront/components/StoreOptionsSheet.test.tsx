import type { StoreLink } from '@kartlink/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { testProduct } from '../test/fixtures';
import { StoreOptionsSheet } from './StoreOptionsSheet';

const SHOP = 'meera-finds';
const CODE = 'k3x9pqr';

interface SheetOptions {
  stores?: StoreLink[];
  pinned?: string | null;
  tapToken?: string | null;
}

const sheetElement = (
  { stores = testProduct().stores, pinned = null, tapToken = 'tap-1' }: SheetOptions,
  onClose = () => undefined,
) => (
  <StoreOptionsSheet
    stores={stores}
    shopUrl={SHOP}
    shortCode={CODE}
    tapToken={tapToken}
    pinned={pinned}
    onClose={onClose}
  />
);

function renderSheet(options: SheetOptions = {}) {
  const onClose = vi.fn();
  render(sheetElement(options, onClose));
  return { onClose, user: userEvent.setup() };
}

const sheet = () => screen.getByRole('dialog', { name: 'Choose Favourite App' });
const labels = (root: HTMLElement = sheet()) =>
  within(root)
    .getAllByRole('link')
    .map((link) => within(link).getByText(/^Buy on/).textContent);

const store = (vendor: string, key: string, url: string): StoreLink => ({ vendor, key, url });
const MYNTRA = store('Myntra', 'myntra', 'https://www.myntra.com/kurta/123');

describe('the store options sheet', () => {
  it("lists 'Buy on {vendor}' for every store, WhatsApp last, each a link to its tracked redirect", () => {
    renderSheet();
    expect(labels()).toEqual(['Buy on Amazon', 'Buy on Flipkart', 'Buy on WhatsApp']);
    const links = within(sheet()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/meera-finds/k3x9pqr/go/amazon?t=tap-1',
      '/meera-finds/k3x9pqr/go/flipkart?t=tap-1',
      '/meera-finds/k3x9pqr/go/whatsapp?t=tap-1',
    ]);
    // Not the store's own address: nothing on the page can be a way around the count.
    for (const link of links) expect(link.getAttribute('href')).not.toMatch(/^https?:/);
    expect(sheet()).toHaveAttribute('aria-modal', 'true');
  });

  it('names a store by its position when another store has the same key', () => {
    renderSheet({
      stores: [
        store('Amazon', 'amazon', 'https://www.amazon.in/dp/B0AAAAAAAA'),
        store('Example', 'web', 'https://example.com/kurta'),
        store('Amazon', 'amazon', 'https://www.amazon.com/dp/B0BBBBBBBB'),
      ],
    });
    expect(
      within(sheet())
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/meera-finds/k3x9pqr/go/1?t=tap-1',
      '/meera-finds/k3x9pqr/go/web?t=tap-1',
      '/meera-finds/k3x9pqr/go/3?t=tap-1',
    ]);
  });

  it('links without the tap proof when the page has none', () => {
    renderSheet({ tapToken: null });
    expect(screen.getByRole('link', { name: 'Buy on Amazon' })).toHaveAttribute(
      'href',
      '/meera-finds/k3x9pqr/go/amazon',
    );
  });

  it("leaves the click to the browser (the redirect counts it) and remembers the visitor's choice", () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderSheet();
    let followed = false;
    // Seen after the sheet's handler; then stopped, as jsdom cannot navigate.
    const observe = (event: Event) => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', observe);
    fireEvent.click(screen.getByRole('link', { name: 'Buy on Flipkart' }));
    window.removeEventListener('click', observe);

    expect(followed).toBe(true);
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(localStorage.getItem('lastStore')).toBe('flipkart');
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it("says 'No Shopping Options Available' when there are no stores", () => {
    renderSheet({ stores: [] });
    expect(within(sheet()).getByText('No Shopping Options Available')).toBeInTheDocument();
    expect(within(sheet()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('closes with its close button, Escape, or a tap outside', async () => {
    const { onClose, user } = renderSheet();
    await user.click(within(sheet()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);

    fireEvent.click(document.querySelector('.sheet-layer__backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('takes focus and keeps it inside; the keyboard reaches every store', async () => {
    const { user } = renderSheet();
    expect(sheet()).toHaveFocus();
    const close = within(sheet()).getByRole('button', { name: 'Close' });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Buy on Amazon' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Buy on Flipkart' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Buy on WhatsApp' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });
});

describe('the order of the stores', () => {
  const stores = [
    testProduct().stores[0], // WhatsApp
    testProduct().stores[1], // Amazon
    testProduct().stores[2], // Flipkart
    MYNTRA,
  ];

  it("follows the owner's order, WhatsApp last", () => {
    renderSheet({ stores });
    expect(labels()).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on Myntra',
      'Buy on WhatsApp',
    ]);
  });

  it("puts the owner's pinned store first", () => {
    renderSheet({ stores, pinned: 'myntra' });
    expect(labels()).toEqual([
      'Buy on Myntra',
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
  });

  it("puts the visitor's last choice next, after the pinned store", () => {
    localStorage.setItem('lastStore', 'flipkart');
    renderSheet({ stores, pinned: 'myntra' });
    expect(labels()).toEqual([
      'Buy on Myntra',
      'Buy on Flipkart',
      'Buy on Amazon',
      'Buy on WhatsApp',
    ]);
  });

  it("puts the visitor's last choice first when nothing is pinned", () => {
    localStorage.setItem('lastStore', 'myntra');
    renderSheet({ stores });
    expect(labels()).toEqual([
      'Buy on Myntra',
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
  });

  it('keeps WhatsApp last even when it is pinned or was chosen last (SPEC)', () => {
    localStorage.setItem('lastStore', 'whatsapp');
    renderSheet({ stores, pinned: 'whatsapp' });
    expect(labels().at(-1)).toBe('Buy on WhatsApp');
  });

  it('ignores a remembered store this product is not sold on, or a bad value', () => {
    localStorage.setItem('lastStore', 'meesho');
    renderSheet({ stores });
    expect(labels()).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on Myntra',
      'Buy on WhatsApp',
    ]);
  });

  it("renders the owner's order on the server, then brings the remembered store up after the takeover, without a mismatch", async () => {
    localStorage.setItem('lastStore', 'flipkart');
    const element = sheetElement({ stores });
    const html = renderToString(element);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    // The HTML knows nothing of this browser.
    expect(labels(container)).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on Myntra',
      'Buy on WhatsApp',
    ]);
    const flipkartFromHtml = within(container).getByRole('link', { name: 'Buy on Flipkart' });

    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, element, { onRecoverableError }));

    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(labels(container)).toEqual([
      'Buy on Flipkart',
      'Buy on Amazon',
      'Buy on Myntra',
      'Buy on WhatsApp',
    ]);
    // The same link, moved: not drawn anew.
    expect(within(container).getByRole('link', { name: 'Buy on Flipkart' })).toBe(flipkartFromHtml);
    act(() => root.unmount());
    container.remove();
  });
});
