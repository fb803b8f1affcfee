import { formatRupees } from '@kartlink/contracts';
import { useState } from 'react';
import { thumbnailOf } from '@kartlink/contracts';
import { cut } from '../utils/product-form';

interface ProductCardPreviewProps {
  title: string;
  description: string;
  price: number | null;
  brand: string;
  imageUrl: string;
  platforms: string[];
}

/** SPEC section 2, product card: what visitors of the shop will see, drawn as it is typed. */
export function ProductCardPreview({
  title,
  description,
  price,
  brand,
  imageUrl,
  platforms,
}: ProductCardPreviewProps) {
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const showImage = Boolean(imageUrl) && brokenImage !== imageUrl;
  const chips = platforms.slice(0, 2);
  const more = platforms.length - chips.length;

  return (
    <figure className="card-preview" aria-label="Product card preview">
      <div className="card-preview__image">
        {showImage ? (
          <img src={thumbnailOf(imageUrl)} alt="" onError={() => setBrokenImage(imageUrl)} />
        ) : (
          <span className="card-preview__placeholder">
            {imageUrl ? 'Image did not load' : 'No image yet'}
          </span>
        )}
        {price !== null && <span className="card-preview__price">{formatRupees(price)}</span>}
      </div>
      <figcaption className="card-preview__body">
        {brand && <span className="card-preview__brand">{brand}</span>}
        <strong className="card-preview__title">{cut(title || 'Your product title', 60)}</strong>
        {description && <span className="card-preview__text">{cut(description, 80)}</span>}
        {platforms.length > 0 && (
          <span className="card-preview__chips">
            {chips.map((platform, index) => (
              <span key={`${platform}-${index}`} className="card-preview__chip">
                {platform}
              </span>
            ))}
            {more > 0 && <span className="card-preview__chip">+{more}</span>}
          </span>
        )}
        <span className="card-preview__buy" aria-hidden="true">
          Buy Now
        </span>
      </figcaption>
    </figure>
  );
}
