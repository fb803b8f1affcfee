import { thumbnailOf } from './image-urls';

describe('the thumbnail of an image', () => {
  it('is the /thumbnail address of our own product images', () => {
    expect(thumbnailOf('/api/shop/product-images/img-1')).toBe(
      '/api/shop/product-images/img-1/thumbnail',
    );
    expect(thumbnailOf('http://localhost:3000/api/shop/product-images/img-1?v=2')).toBe(
      'http://localhost:3000/api/shop/product-images/img-1/thumbnail?v=2',
    );
  });

  it('is the image itself for any other address', () => {
    for (const address of [
      'https://images.example.com/saree.jpg',
      '/api/photos/shop-1.webp',
      '/api/shop/product-images/img-1/thumbnail',
      '',
    ]) {
      expect(thumbnailOf(address)).toBe(address);
    }
  });
});
