import type { StoreLink } from '@kartlink/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testProduct } from '../test/fixtures';
import { goToStore } from '../utils/go-to-store';
import { StoreOptionsSheet } from './StoreOptionsSheet';

vi.mock('../utils/go-to-store', () => ({ goToStore: vi.fn() }));

beforeEach(() => {
  vi.mocked(goToStore).mockClear();
});

function renderSheet(stores: StoreLink[] = testProduct().stores) {
  const onChoose = vi.fn();
  const onClose = vi.fn();
  render(<StoreOptionsSheet stores={stores} onChoose={onChoose} onClose={onClose} />);
  return { onChoose, onClose, user: userEvent.setup() };
}

const sheet = () => screen.getByRole('dialog', { name: 'Choose Favourite App' });

describe('the store options sheet', () => {
  it("lists 'Buy on {vendor}' for every store, WhatsApp last", () => {
    renderSheet();
    const options = within(sheet()).getAllByRole('link');
    expect(options.map((option) => within(option).getByText(/^Buy on/).textContent)).toEqual([
      'Buy on Amazon',
      'Buy on Flipkart',
      'Buy on WhatsApp',
    ]);
    expect(options[0]).toHaveAttribute('href', 'https://www.amazon.in/dp/B0KURTA');
    expect(sheet()).toHaveAttribute('aria-modal', 'true');
  });

  it("says 'No Shopping Options Available' when there are no stores", () => {
    renderSheet([]);
    expect(within(sheet()).getByText('No Shopping Options Available')).toBeInTheDocument();
    expect(within(sheet()).queryByRole('link')).not.toBeInTheDocument();
  });

  it('reports the choice first, then leaves for the store', async () => {
    const order: string[] = [];
    const { onChoose, user } = renderSheet();
    onChoose.mockImplementation(() => order.push('choose'));
    vi.mocked(goToStore).mockImplementation(() => void order.push('go'));

    await user.click(screen.getByRole('link', { name: 'Buy on Flipkart' }));
    expect(onChoose).toHaveBeenCalledWith(
      expect.objectContaining({ vendor: 'Flipkart', url: 'https://www.flipkart.com/p/kurta' }),
    );
    expect(goToStore).toHaveBeenCalledWith('https://www.flipkart.com/p/kurta');
    expect(order).toEqual(['choose', 'go']);
  });

  it('leaves a click that opens a new tab to the browser, and still reports it', () => {
    const { onChoose } = renderSheet();
    const link = screen.getByRole('link', { name: 'Buy on Amazon' });
    // Seen after the sheet's handler; then stopped, as jsdom cannot open tabs.
    let leftToBrowser = false;
    const observe = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', observe);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener('click', observe);
    expect(leftToBrowser).toBe(true);
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(goToStore).not.toHaveBeenCalled();
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

  it('takes focus and keeps it inside', async () => {
    const { user } = renderSheet();
    expect(sheet()).toHaveFocus();
    const close = within(sheet()).getByRole('button', { name: 'Close' });
    const whatsapp = screen.getByRole('link', { name: 'Buy on WhatsApp' });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(whatsapp).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });
});
