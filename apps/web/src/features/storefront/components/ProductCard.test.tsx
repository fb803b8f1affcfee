import type { PublicProduct } from '@kartlink/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testProduct } from '../test/fixtures';
import { ProductCard } from './ProductCard';

function renderCard(product: PublicProduct, onOpenImages = vi.fn()) {
  const router = createMemoryRouter(
    [
      {
        path: '/meera-finds',
        element: (
          <ProductCard product={product} to="/meera-finds/k3x9pqr" onOpenImages={onOpenImages} />
        ),
      },
      { path: '/meera-finds/:code', element: <h1>Product page</h1> },
    ],
    { initialEntries: ['/meera-finds'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onOpenImages, user: userEvent.setup() };
}

describe('a product card', () => {
  it('shows the price in rupees, the brand, the title, the description and Buy Now', () => {
    renderCard(testProduct({ price: 123456 }));
    expect(screen.getByText('₹1,23,456')).toBeInTheDocument();
    expect(screen.getByText('Meera')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Block-print cotton kurta' })).toBeInTheDocument();
    expect(screen.getByText('Hand block-printed in Jaipur')).toBeInTheDocument();
    expect(screen.getByText('Buy Now')).toBeInTheDocument();
  });

  it('shows paise only when there are some', () => {
    renderCard(testProduct({ price: 499.5 }));
    expect(screen.getByText('₹499.50')).toBeInTheDocument();
  });

  it('shows no price badge for a product without a price', () => {
    renderCard(
      testProduct({
        price: null,
        productDetails: { ...testProduct().productDetails, price: null },
      }),
    );
    expect(screen.queryByText(/₹/)).not.toBeInTheDocument();
  });

  it('cuts the title at 60 characters and the description at 80', () => {
    const title = `${'T'.repeat(60)} and more`;
    const description = `${'D'.repeat(80)} and more`;
    renderCard(testProduct({ title, description }));
    expect(screen.getByRole('heading', { name: `${'T'.repeat(60)}…` })).toHaveAttribute(
      'title',
      title,
    );
    expect(screen.getByText(`${'D'.repeat(80)}…`)).toBeInTheDocument();
    expect(screen.queryByText(description)).not.toBeInTheDocument();
  });

  it('keeps a title of exactly 60 characters whole', () => {
    renderCard(testProduct({ title: 'T'.repeat(60) }));
    expect(screen.getByRole('heading', { name: 'T'.repeat(60) })).toBeInTheDocument();
  });

  it("shows two stores and '+N' for the rest", () => {
    renderCard(testProduct({ platforms: ['Amazon', 'Flipkart', 'Myntra', 'WhatsApp', 'AJIO'] }));
    expect(screen.getByText('Amazon')).toBeInTheDocument();
    expect(screen.getByText('Flipkart')).toBeInTheDocument();
    expect(screen.queryByText('Myntra')).not.toBeInTheDocument();
    expect(screen.getByText('+3')).toBeInTheDocument();
  });

  it("shows no '+N' for two stores", () => {
    renderCard(testProduct({ platforms: ['Amazon', 'Flipkart'] }));
    expect(screen.queryByText(/^\+\d/)).not.toBeInTheDocument();
  });

  it('opens the product by its short code', async () => {
    const { router, user } = renderCard(testProduct());
    await user.click(screen.getByText('Buy Now'));
    expect(router.state.location.pathname).toBe('/meera-finds/k3x9pqr');
    expect(screen.getByRole('heading', { name: 'Product page' })).toBeInTheDocument();
  });
});

describe("a product card's image", () => {
  it('shows a placeholder while the image loads, then the image', () => {
    renderCard(testProduct({ imageUrl: '/images/kurta.jpg' }));
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();
    fireEvent.load(screen.getByRole('img', { name: 'Block-print cotton kurta' }));
    expect(screen.queryByTestId('image-placeholder')).not.toBeInTheDocument();
  });

  it('shows the failure icon when the image cannot be loaded', () => {
    renderCard(testProduct({ imageUrl: '/images/gone.jpg' }));
    fireEvent.error(screen.getByRole('img', { name: 'Block-print cotton kurta' }));
    expect(screen.getByRole('img', { name: 'Image failed to load' })).toBeInTheDocument();
    expect(screen.queryByTestId('image-placeholder')).not.toBeInTheDocument();
  });

  it('shows the placeholder for a product without pictures, and no zoom button', () => {
    renderCard(testProduct());
    expect(screen.getByTestId('image-placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /View pictures/ })).not.toBeInTheDocument();
  });

  it('opens the pictures large when clicked, without leaving the shop', async () => {
    const product = testProduct({
      imageUrl: '/images/a.jpg',
      productDetails: {
        ...testProduct().productDetails,
        images: ['/images/a.jpg', '/images/b.jpg'],
      },
    });
    const { router, onOpenImages, user } = renderCard(product);
    await user.click(
      screen.getByRole('button', { name: 'View pictures of Block-print cotton kurta' }),
    );
    expect(onOpenImages).toHaveBeenCalledWith(['/images/a.jpg', '/images/b.jpg']);
    expect(router.state.location.pathname).toBe('/meera-finds');
  });

  it('is the thumbnail of our own picture, with no larger one offered', () => {
    const image = '/api/shop/product-images/0b7e7a4e-6c52-4d8e-9a57-1f0b6a1d2c3e';
    renderCard(testProduct({ imageUrl: image }));
    const shown = screen.getByRole('img', { name: 'Block-print cotton kurta' });
    expect(shown).toHaveAttribute('src', `${image}/thumbnail`);
    expect(shown).not.toHaveAttribute('srcset');
  });
});
