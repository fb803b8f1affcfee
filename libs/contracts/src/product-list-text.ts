import type { PublicProduct } from './product';

/**
 * A public shop's whole product list as shop-service keeps it and answers it to the gateway
 * (Subjects.shop.publicProductListText): a line of JSON `{"codes":[…],"ends":[…]}` (each
 * product's short code, and where its object ends in the list), then the list's JSON. The
 * gateway adds its per-visitor fields to each product from that, without parsing the list (a
 * shop of 10,000 products answers several megabytes).
 */
export interface ProductListText {
  codes: string[];
  /** For each product, the offset (UTF-16 code units) in `json` just after its closing brace. */
  ends: number[];
  /** The list's JSON: exactly JSON.stringify of the products. */
  json: string;
}

export function composeProductListText(products: readonly PublicProduct[]): string {
  const parts = products.map((product) => JSON.stringify(product));
  const ends: number[] = [];
  let at = 1;
  parts.forEach((part, i) => {
    at += part.length + (i > 0 ? 1 : 0);
    ends.push(at);
  });
  const codes = products.map((product) => product.shortCode);
  return `${JSON.stringify({ codes, ends })}\n[${parts.join(',')}]`;
}

export function readProductListText(text: string): ProductListText {
  const newline = text.indexOf('\n');
  const { codes, ends } = JSON.parse(text.slice(0, newline)) as Omit<ProductListText, 'json'>;
  return { codes, ends, json: text.slice(newline + 1) };
}
