import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testShop } from '../test/fixtures';
import { ShopHeader } from './ShopHeader';

describe("the shop's description", () => {
  it('shows a description of 120 characters whole, without Show more', () => {
    const description = 'd'.repeat(120);
    render(<ShopHeader shop={testShop({ shopDescription: description })} />);
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('cuts a longer one at 120 characters, with Show more and Show less', async () => {
    const user = userEvent.setup();
    const description = `${'d'.repeat(120)}and the rest of the story`;
    render(<ShopHeader shop={testShop({ shopDescription: description })} />);

    expect(screen.getByText(`${'d'.repeat(120)}…`)).toBeInTheDocument();
    expect(screen.queryByText(description)).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    expect(screen.getByText(description)).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');

    await user.click(less);
    expect(screen.getByText(`${'d'.repeat(120)}…`)).toBeInTheDocument();
  });

  it('shows nothing for a shop without a description', () => {
    render(<ShopHeader shop={testShop({ shopDescription: null })} />);
    expect(screen.queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
  });
});

describe("the shop's picture", () => {
  it("shows the shop's photo", () => {
    render(<ShopHeader shop={testShop({ shopPhotoURL: '/photos/meera.jpg' })} />);
    expect(screen.getByRole('img', { name: 'Meera Finds logo' })).toHaveAttribute(
      'src',
      '/photos/meera.jpg',
    );
  });

  it("shows the name's initial without a photo, or when the photo fails", () => {
    const { unmount } = render(<ShopHeader shop={testShop({ shopName: 'meera finds' })} />);
    expect(screen.getByText('M')).toBeInTheDocument();
    unmount();

    render(<ShopHeader shop={testShop({ shopPhotoURL: '/photos/gone.jpg' })} />);
    fireEvent.error(screen.getByRole('img', { name: 'Meera Finds logo' }));
    expect(screen.queryByRole('img', { name: 'Meera Finds logo' })).not.toBeInTheDocument();
    expect(screen.getByText('M')).toBeInTheDocument();
  });
});

describe("the shop's social links", () => {
  it('links the visible platforms in order, the legacy twitter hidden by x', () => {
    render(
      <ShopHeader
        shop={testShop({
          socialMedia: {
            whatsapp: '+91 98765 43210',
            instagram: '@meera.finds',
            twitter: 'old_meera',
            x: 'meera_finds',
            email: 'Hello@Meera.in',
          },
        })}
      />,
    );
    const list = screen.getByRole('list', { name: 'Meera Finds elsewhere' });
    const links = within(list).getAllByRole('link');
    expect(
      links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]),
    ).toEqual([
      ['Instagram', 'https://www.instagram.com/meera.finds'],
      ['X', 'https://x.com/meera_finds'],
      ['WhatsApp', 'https://wa.me/919876543210'],
      ['Email', 'mailto:hello@meera.in'],
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[3]).not.toHaveAttribute('target');
  });

  it('shows no list when the shop has none', () => {
    render(<ShopHeader shop={testShop()} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
