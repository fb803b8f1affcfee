import type { TopProduct } from '@kartlink/contracts';
import { Link } from 'react-router';
import { countOf, formatCount, formatRate, formatShare } from '../../../lib/analytics-format';

interface TopProductsProps {
  products: TopProduct[];
  /** Every click of the period: each product's share is of this. */
  totalClicks: number;
}

/**
 * The products shoppers clicked most, each linking to its own page, with its click-through
 * rate: store clicks for every 100 views of its page (a product whose page is opened often but
 * rarely sends anyone to a store needs a better photo, price or description).
 */
export function TopProducts({ products, totalClicks }: TopProductsProps) {
  return (
    <section className="analytics-card" aria-labelledby="top-products-title">
      <h2 id="top-products-title" className="analytics-card__title">
        Top products
      </h2>
      {products.length === 0 ? (
        <p className="analytics-card__none">
          No product was clicked in this period. Share a product&apos;s short link to send shoppers
          straight to it.
        </p>
      ) : (
        <table className="top-products" aria-labelledby="top-products-title">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Clicks</th>
              <th scope="col">Share</th>
              <th scope="col">
                <abbr title="Click-through rate: clicks for every 100 views of the product’s page">
                  Rate
                </abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product, index) => (
              <tr key={product.productId}>
                <th scope="row" className="top-products__name">
                  <span className="top-products__rank" aria-hidden="true">
                    {index + 1}
                  </span>
                  <Link to={`/dashboard/link/${product.productId}`}>{product.title}</Link>
                </th>
                <td>{formatCount(product.clicks)}</td>
                <td>{formatShare(product.clicks, totalClicks)}</td>
                <td className="top-products__rate">
                  {product.views > 0 ? formatRate(product.clickThroughRate) : '–'}
                  <span className="top-products__views">
                    {product.views > 0
                      ? ` of ${countOf(product.views, 'view', 'views')}`
                      : ' no page views'}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
