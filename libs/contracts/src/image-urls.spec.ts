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

  it('is the /thumbnail address of our own shop and profile photos, without the extension', () => {
    expect(thumbnailOf('/api/photos/shop-1.webp')).toBe('/api/photos/shop-1/thumbnail');
    expect(thumbnailOf('/api/photos/shop-1.jpg?v=2')).toBe('/api/photos/shop-1/thumbnail?v=2');
    expect(thumbnailOf('/api/photos/shop-1')).toBe('/api/photos/shop-1/thumbnail');
  });

  it('is the image itself for any other address', () => {
    for (const address of [
      'https://images.example.com/saree.jpg',
      'https://images.example.com/api/photos/x.jpg/other',
      '/api/photos/shop-1/thumbnail',
      '/api/shop/product-images/img-1/thumbnail',
      '',
    ]) {
      expect(thumbnailOf(address)).toBe(address);
    }
  });
});
