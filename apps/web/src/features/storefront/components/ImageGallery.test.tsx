import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageSlots } from '@kartlink/contracts';
import { describe, expect, it } from 'vitest';
import { ImageGallery } from './ImageGallery';

const IMAGES = ['/p/1.jpg', '/p/2.jpg', '/p/3.jpg', '/p/4.jpg', '/p/5.jpg'];

function renderGallery(images = IMAGES) {
  render(<ImageGallery images={images} alt="Brass diya" />);
  return userEvent.setup();
}

const lightbox = () => screen.getByRole('dialog', { name: 'Brass diya: pictures' });
const shownImage = () => within(lightbox()).getByRole('img');

describe('the product gallery', () => {
  it('shows the first picture large, with a thumbnail per picture', () => {
    renderGallery();
    const thumbnails = screen.getAllByRole('button', { name: /Show picture/ });
    expect(thumbnails).toHaveLength(5);
    expect(thumbnails[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Brass diya, picture 1 of 5' })).toHaveAttribute(
      'src',
      '/p/1.jpg',
    );
  });

  it('shows the picture whose thumbnail is chosen', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Show picture 3 of 5' }));
    expect(screen.getByRole('img', { name: 'Brass diya, picture 3 of 5' })).toHaveAttribute(
      'src',
      '/p/3.jpg',
    );
    expect(screen.getByRole('button', { name: 'Show picture 3 of 5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('has no thumbnails for a single picture, and a placeholder for none', () => {
    const { unmount } = render(<ImageGallery images={['/p/1.jpg']} alt="Brass diya" />);
    expect(screen.queryByRole('button', { name: /Show picture/ })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brass diya' })).toBeInTheDocument();
    unmount();

    render(<ImageGallery images={[]} alt="Brass diya" />);
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the lightbox', () => {
  it('opens at the picture shown, with a counter', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 5' }));
    await user.click(screen.getByRole('button', { name: 'Enlarge Brass diya, picture 2 of 5' }));

    expect(within(lightbox()).getByText('2 / 5')).toBeInTheDocument();
    expect(shownImage()).toHaveAttribute('src', '/p/2.jpg');
    expect(lightbox()).toHaveFocus();
  });

  it('goes to the next and previous picture, wrapping round at both ends', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: /Enlarge/ }));
    const next = within(lightbox()).getByRole('button', { name: 'Next picture' });
    const previous = within(lightbox()).getByRole('button', { name: 'Previous picture' });

    await user.click(previous);
    expect(within(lightbox()).getByText('5 / 5')).toBeInTheDocument();
    expect(shownImage()).toHaveAttribute('src', '/p/5.jpg');

    await user.click(next);
    expect(within(lightbox()).getByText('1 / 5')).toBeInTheDocument();
    await user.click(next);
    expect(within(lightbox()).getByText('2 / 5')).toBeInTheDocument();
    expect(shownImage()).toHaveAttribute('src', '/p/2.jpg');
  });

  it('turns with the arrow keys and closes with Escape, giving focus back', async () => {
    const user = renderGallery();
    const enlarge = screen.getByRole('button', { name: /Enlarge/ });
    await user.click(enlarge);

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(lightbox()).getByText('3 / 5')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(within(lightbox()).getByText('5 / 5')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(enlarge).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: /Enlarge/ }));
    const close = within(lightbox()).getByRole('button', { name: 'Close' });
    const next = within(lightbox()).getByRole('button', { name: 'Next picture' });

    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(next).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(next).toHaveFocus();
  });

  it('closes with its close button, and stops the page behind from scrolling meanwhile', async () => {
    const user = renderGallery();
    await user.click(screen.getByRole('button', { name: /Enlarge/ }));
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(within(lightbox()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('has no counter or arrows for a single picture', async () => {
    const user = renderGallery(['/p/1.jpg']);
    await user.click(screen.getByRole('button', { name: 'Enlarge Brass diya' }));
    expect(within(lightbox()).queryByText('1 / 1')).not.toBeInTheDocument();
    expect(
      within(lightbox()).queryByRole('button', { name: 'Next picture' }),
    ).not.toBeInTheDocument();
  });
});

describe('pictures of our own', () => {
  const OWN = ['/api/shop/product-images/p1', '/api/shop/product-images/p2'];

  it('load thumbnails for the strip, and the full picture only for the one shown', async () => {
    const user = renderGallery(OWN);
    const strip = screen.getByRole('list', { name: 'Pictures' });
    expect(
      Array.from(strip.querySelectorAll('img')).map((image) => image.getAttribute('src')),
    ).toEqual(['/api/shop/product-images/p1/thumbnail', '/api/shop/product-images/p2/thumbnail']);

    const large = screen.getByRole('img', { name: 'Brass diya, picture 1 of 2' });
    expect(large).toHaveAttribute('src', '/api/shop/product-images/p1');
    const standIn = large.parentElement!.querySelector('img[alt=""]')!;
    expect(standIn).toHaveAttribute('src', '/api/shop/product-images/p1/thumbnail');
    expect(document.querySelectorAll('img[src="/api/shop/product-images/p2"]')).toHaveLength(0);

    // The thumbnail shows while the full picture loads; then the full one takes over.
    fireEvent.load(standIn);
    expect(large.parentElement).toHaveClass('product-image--preview');
    expect(within(large.parentElement!).queryByTestId('image-placeholder')).toBeNull();
    fireEvent.load(large);
    expect(large.parentElement).toHaveClass('product-image--loaded');
    expect(large.parentElement!.querySelector('img[alt=""]')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show picture 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Brass diya, picture 2 of 2' })).toHaveAttribute(
      'src',
      '/api/shop/product-images/p2',
    );
  });

  it('keep showing the thumbnail when the full picture fails', () => {
    renderGallery(OWN);
    const large = screen.getByRole('img', { name: 'Brass diya, picture 1 of 2' });
    const frame = large.parentElement!;
    fireEvent.load(frame.querySelector('img[alt=""]')!);
    fireEvent.error(large);
    expect(within(frame).getByRole('img', { name: 'Brass diya, picture 1 of 2' })).toHaveAttribute(
      'src',
      '/api/shop/product-images/p1/thumbnail',
    );
    expect(within(frame).queryByRole('img', { name: 'Image failed to load' })).toBeNull();
  });

  it('leave other addresses as they are', () => {
    renderGallery(['https://images.example.com/a.jpg', 'https://images.example.com/b.jpg']);
    const strip = screen.getByRole('list', { name: 'Pictures' });
    expect(
      Array.from(strip.querySelectorAll('img')).map((image) => image.getAttribute('src')),
    ).toEqual(['https://images.example.com/a.jpg', 'https://images.example.com/b.jpg']);
    expect(document.querySelectorAll('img')).toHaveLength(3);
  });
});

describe('the sizes of the gallery’s pictures', () => {
  const own = (n: number) => `/api/shop/product-images/0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3${n}`;

  it('offers the large picture at the medium width for phones and in full for wide screens', () => {
    renderGallery([own(1), own(2)]);
    const main = screen.getByRole('img', { name: 'Brass diya, picture 1 of 2' });
    expect(main).toHaveAttribute('src', own(1));
    expect(main).toHaveAttribute('srcset', `${own(1)}/medium 720w, ${own(1)} 2048w`);
    expect(main).toHaveAttribute('sizes', ImageSlots.productMain);
    // The strip stays on thumbnails alone.
    const strip = screen.getByRole('list', { name: 'Pictures' });
    for (const thumbnail of strip.querySelectorAll('img')) {
      expect(thumbnail.getAttribute('src')).toMatch(/\/thumbnail$/);
      expect(thumbnail).not.toHaveAttribute('srcset');
    }
  });

  it('offers a picture from elsewhere as it is', () => {
    renderGallery(['https://images.example.com/diya.jpg']);
    const main = screen.getByRole('img', { name: 'Brass diya' });
    expect(main).toHaveAttribute('src', 'https://images.example.com/diya.jpg');
    expect(main).not.toHaveAttribute('srcset');
    expect(main).not.toHaveAttribute('sizes');
  });
});
