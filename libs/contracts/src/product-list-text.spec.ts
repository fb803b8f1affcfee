import type { PublicProduct } from './product';
import { composeProductListText, readProductListText } from './product-list-text';

describe('a public list as text', () => {
  it('is the list’s JSON, with where each product ends and its code', () => {
    const products = [
      { id: 'a', shortCode: 'kurta-1', title: 'Quotes " and }{ 👗' },
      { id: 'b', shortCode: 'saree-2', title: 'Line\nbreak' },
    ] as unknown as PublicProduct[];
    const { codes, ends, json } = readProductListText(composeProductListText(products));
    expect(json).toBe(JSON.stringify(products));
    expect(codes).toEqual(['kurta-1', 'saree-2']);
    expect(JSON.parse(json.slice(1, ends[0]))).toEqual(products[0]);
    expect(JSON.parse(json.slice(ends[0]! + 1, ends[1]))).toEqual(products[1]);
    expect(readProductListText(composeProductListText([]))).toEqual({
      codes: [],
      ends: [],
      json: '[]',
    });
  });
});
