import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePrice, readStorePage } from './store-page';

const fixture = (name: string) =>
  readFileSync(join(__dirname, '..', '..', 'test', 'fixtures', 'store-pages', name), 'utf8');

describe('reading a store’s product page', () => {
  it('Flipkart: the JSON-LD Product, not the page’s long SEO title', () => {
    expect(
      readStorePage(
        fixture('flipkart.html'),
        'https://www.flipkart.com/roadster-men-solid-casual-dark-blue-shirt/p/itm4f2a9b1c8e3d7',
      ),
    ).toEqual({
      title: 'Roadster Men Solid Casual Dark Blue Shirt',
      description: 'Buy Roadster Men Solid Casual Dark Blue Shirt Online at Best Prices in India.',
      brand: 'Roadster',
      price: 549,
      image:
        'https://rukminim2.flixcart.com/image/832/832/xif0q/shirt/x/z/n/m-roadster-original-imagh.jpeg?q=70',
    });
  });

  it('Amazon: the title, brand, price and large image from the page’s own elements', () => {
    expect(
      readStorePage(
        fixture('amazon.html'),
        'https://www.amazon.in/boAt-Rockerz-450-Bluetooth-Headphones/dp/B07PR1CL3S',
      ),
    ).toEqual({
      title:
        'boAt Rockerz 450 Bluetooth On Ear Headphones with Mic, Upto 15 Hours Playback, 40MM Drivers, Padded Ear Cushions (Luscious Black)',
      description: 'Playback: It provides a massive battery backup of up to 15 hours.',
      brand: 'boAt',
      price: 1499,
      image: 'https://m.media-amazon.com/images/I/61u1VALn6JL._SL1500_.jpg',
    });
  });

  it('Myntra: the product state the page script carries, the offer price over the MRP', () => {
    expect(
      readStorePage(fixture('myntra.html'), 'https://www.myntra.com/sports-shoes/hrx/1234567/buy'),
    ).toEqual({
      title: 'Men Black Running Shoes',
      description: 'A pair of round-toe black running sports shoes Lace-up detail',
      brand: 'HRX by Hrithik Roshan',
      price: 1199,
      image: 'http://assets.myntassets.com/assets/images/1234567/2023/1/1/shoe1.jpg',
    });
  });

  it('a shop with Open Graph only: its tags, the image made absolute, the price read', () => {
    expect(
      readStorePage(
        fixture('shopify-og.html'),
        'https://jaipurthreads.in/products/hand-block-kurta',
      ),
    ).toEqual({
      title: 'Hand-block Printed Cotton Kurta',
      description: 'Soft cotton, printed by hand in Bagru. Machine wash cold.',
      price: 1850,
      image: 'https://jaipurthreads.in/cdn/shop/files/kurta-front.jpg?v=1700000000',
    });
  });

  it('JSON-LD in a @graph, with entities, an ImageObject and a price specification', () => {
    expect(
      readStorePage(
        fixture('woocommerce-graph.html'),
        'https://kalakriti.example/product/brass-diya/',
      ),
    ).toEqual({
      title: 'Brass Diya Set of 4 – Handmade',
      description: 'Four hand-cast brass diyas. Polished finish.',
      brand: 'Kalakriti',
      price: 799,
      image: 'https://kalakriti.example/wp-content/uploads/2025/10/diya.jpg',
    });
  });

  it('a page with neither: its title only', () => {
    expect(readStorePage(fixture('plain.html'), 'https://silver.example/anklet')).toEqual({
      title: 'Silver Anklet',
    });
  });

  it('a price in another currency is not taken as rupees', () => {
    expect(readStorePage(fixture('dollars.html'), 'https://mugs.example/p/1')).toEqual({
      title: 'Insulated Travel Mug',
      currency: 'USD',
    });
  });

  it('cuts long texts at a word, within the product’s limits, and never hot-links other schemes', () => {
    const long = 'Kurta '.repeat(60);
    const facts = readStorePage(
      `<meta property="og:title" content="${long}"><meta property="og:image" content="javascript:alert(1)">`,
      'https://shop.example/p',
    );
    expect(facts.title!.length).toBeLessThanOrEqual(200);
    expect(facts.title).toMatch(/^(Kurta )+Kurta…$/);
    expect(facts.image).toBeUndefined();
  });

  it('reads prices as Indian pages write them', () => {
    expect(parsePrice('₹1,29,999.50')).toBe(129999.5);
    expect(parsePrice('Rs. 799')).toBe(799);
    expect(parsePrice('INR 1,499.00')).toBe(1499);
    expect(parsePrice(549)).toBe(549);
    expect(parsePrice('Price on request')).toBeUndefined();
    expect(parsePrice('999999999')).toBeUndefined();
  });
});
