import './Skeletons.css';

/** Two rows of the widest grid (4 columns); four rows of a phone's, which fill its screen. */
export const PLACEHOLDER_CARDS = 8;

/** SPEC section 4: a public shop shows a skeleton while it loads. */
export function ShopSkeleton() {
  return (
    <div className="storefront-skeleton" role="status" aria-label="Loading shop">
      <div className="storefront-skeleton__header">
        <span className="skeleton skeleton--circle" />
        <span className="skeleton skeleton--line skeleton--title" />
        <span className="skeleton skeleton--line skeleton--text" />
      </div>
      <div className="product-grid">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <span key={index} className="storefront-skeleton__card">
            <span className="skeleton skeleton--square" />
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--line skeleton--short" />
          </span>
        ))}
      </div>
    </div>
  );
}

/** The product page while its product loads. */
export function ProductSkeleton() {
  return (
    <div className="storefront-skeleton product-layout" role="status" aria-label="Loading product">
      <span className="skeleton skeleton--square" />
      <div className="storefront-skeleton__lines">
        <span className="skeleton skeleton--line skeleton--title" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </div>
    </div>
  );
}
