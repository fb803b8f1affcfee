import type { PublicProduct } from '@kartlink/contracts';
import { formatRupees } from '@kartlink/contracts';
import { Link } from 'react-router';
import { thumbnailOf } from '@kartlink/contracts';
import {
  CARD_DESCRIPTION_LIMIT,
  CARD_TITLE_LIMIT,
  platformChips,
  productBrand,
  productDescription,
  productImages,
  productPrice,
} from '../utils/product';
import { truncate } from '../utils/text';
import { ProductImage } from './ProductImage';
import './ProductCard.css';

interface ProductCardProps {
  product: PublicProduct;
  /** The product page, /{shopUrl}/{shortCode}. */
  to: string;
  /** Opens the pictures large; the image is a button only when there are some. */
  onOpenImages: (images: string[]) => void;
  /** Cards in the first rows load their image at once. */
  eager?: boolean;
  /** The card whose picture is the page's largest (the first, when the shop has no banners). */
  priority?: boolean;
}

/**
 * A product in the shop grid (SPEC sections 2 and 9): image with its price, brand, title cut at
 * 60 characters, description cut at 80, two store chips and '+N', and 'Buy Now'.
 */
export function ProductCard({ product, to, onOpenImages, eager, priority }: ProductCardProps) {
  const images = productImages(product);
  const price = productPrice(product);
  const brand = productBrand(product);
  const description = productDescription(product);
  const chips = platformChips(product.platforms);
  const image = (
    <ProductImage
      src={images[0] ? thumbnailOf(images[0]) : null}
      alt={product.title}
      className="product-card__image"
      loading={eager ? 'eager' : 'lazy'}
      priority={priority}
    />
  );

  return (
    <article className="product-card">
      <div className="product-card__media">
        {images.length > 0 ? (
          <button
            type="button"
            className="product-card__zoom"
            aria-label={`View pictures of ${product.title}`}
            onClick={() => onOpenImages(images)}
          >
            {image}
          </button>
        ) : (
          <Link to={to} tabIndex={-1} aria-hidden="true">
            {image}
          </Link>
        )}
        {price !== null && <span className="product-card__price">{formatRupees(price)}</span>}
      </div>
      <Link to={to} className="product-card__body">
        <div className="product-card__text">
          {brand && <span className="product-card__brand">{brand}</span>}
          <h3 className="product-card__title" title={product.title}>
            {truncate(product.title, CARD_TITLE_LIMIT)}
          </h3>
          {description && (
            <p className="product-card__description">
              {truncate(description, CARD_DESCRIPTION_LIMIT)}
            </p>
          )}
          {chips.shown.length > 0 && (
            <span className="product-card__chips">
              {chips.shown.map((platform) => (
                <span key={platform} className="product-card__chip">
                  {platform}
                </span>
              ))}
              {chips.more > 0 && (
                <span className="product-card__chip product-card__chip--more">
                  <span aria-hidden="true">+{chips.more}</span>
                  <span className="visually-hidden">and {chips.more} more</span>
                </span>
              )}
            </span>
          )}
        </div>
        <span className="product-card__buy">Buy Now</span>
      </Link>
    </article>
  );
}
