import type { CSSProperties } from 'react';
import { formatRupees } from '@kartlink/contracts';
import './ShopPreview.css';

const EXAMPLE_PRODUCTS = [
  { title: 'Block-print cotton kurta', price: 1299, stores: ['Myntra', 'AJIO'], more: 2, hue: 18 },
  { title: 'Oxidised silver jhumkas', price: 449, stores: ['Amazon', 'Meesho'], more: 1, hue: 200 },
  { title: 'Handwoven jute tote', price: 799, stores: ['Flipkart', 'WhatsApp'], more: 0, hue: 95 },
  { title: 'Brass diya set of 4', price: 2450, stores: ['Amazon'], more: 3, hue: 42 },
];

/** A drawing of a shop page on a phone, with made-up example products. */
export function ShopPreview() {
  return (
    <figure className="shop-preview">
      <div className="shop-preview__phone" aria-hidden="true">
        <div className="shop-preview__profile">
          <span className="shop-preview__avatar">M</span>
          <div>
            <p className="shop-preview__name">Meera&apos;s Finds</p>
            <p className="shop-preview__bio">Handpicked kurtas, jewellery and home decor</p>
          </div>
        </div>
        <ul className="shop-preview__grid">
          {EXAMPLE_PRODUCTS.map(({ title, price, stores, more, hue }) => (
            <li key={title} className="shop-preview__card">
              <span className="shop-preview__image" style={{ '--hue': hue } as CSSProperties}>
                <span className="shop-preview__price">{formatRupees(price)}</span>
              </span>
              <span className="shop-preview__title">{title}</span>
              <span className="shop-preview__chips">
                {stores.map((store) => (
                  <span key={store} className="shop-preview__chip">
                    {store}
                  </span>
                ))}
                {more > 0 && <span className="shop-preview__chip">+{more}</span>}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="shop-preview__caption">An example shop page on a phone</figcaption>
    </figure>
  );
}
