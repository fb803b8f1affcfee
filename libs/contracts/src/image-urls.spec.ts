import { ImageSlots, largeImage, mediumOf, thumbnailOf } from './image-urls';

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

describe('the medium variant of an image', () => {
  const banner = '/api/banners/5f0e6a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

  it('is the /medium address of our own product images, photos and banners', () => {
    expect(mediumOf('/api/shop/product-images/img-1')).toBe(
      '/api/shop/product-images/img-1/medium',
    );
    expect(mediumOf('http://localhost:3000/api/shop/product-images/img-1?v=2')).toBe(
      'http://localhost:3000/api/shop/product-images/img-1/medium?v=2',
    );
    expect(mediumOf('/api/photos/shop-1.jpg')).toBe('/api/photos/shop-1/medium');
    expect(mediumOf(banner)).toBe(`${banner}/medium`);
    expect(mediumOf(`https://kartlink.example${banner}`)).toBe(
      `https://kartlink.example${banner}/medium`,
    );
  });

  it('is the image itself for any other address, the banner list included', () => {
    for (const address of [
      'https://images.example.com/saree.jpg',
      '/api/banners/shop',
      `${banner}/medium`,
      '/api/shop/product-images/img-1/medium',
      '/api/photos/shop-1/thumbnail',
      '',
    ]) {
      expect(mediumOf(address)).toBe(address);
    }
  });

  it('has no thumbnail for a banner (none is served)', () => {
    expect(thumbnailOf(banner)).toBe(banner);
  });
});

describe('the choice of sizes of a picture', () => {
  const image = '/api/shop/product-images/img-1';

  it('offers a large picture at its medium width and its kind’s full width', () => {
    expect(largeImage(image, ImageSlots.productMain)).toEqual({
      src: image,
      srcSet: `${image}/medium 720w, ${image} 2048w`,
      sizes: ImageSlots.productMain,
    });
    const banner = '/api/banners/5f0e6a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(largeImage(banner, ImageSlots.banner).srcSet).toBe(
      `${banner}/medium 720w, ${banner} 2400w`,
    );
  });

  it('offers no choice for an image from elsewhere', () => {
    const external = 'https://images.example.com/saree.jpg';
    expect(largeImage(external, ImageSlots.productMain)).toEqual({ src: external });
  });
});
