import { useState } from 'react';
import { ImageSlots, largeImage, thumbnailOf } from '@kartlink/contracts';
import { Lightbox } from './Lightbox';
import { ProductImage } from './ProductImage';
import './ImageGallery.css';

interface ImageGalleryProps {
  images: readonly string[];
  /** What the pictures show: the product's title. */
  alt: string;
}

/**
 * SPEC section 2: the product page's pictures, one large with thumbnails under it; the large
 * one opens the lightbox at that picture. The strip loads only small versions; the full
 * picture is asked for only when it is the one shown, its small version standing in meanwhile,
 * and at the size the screen needs (a phone gets the medium variant).
 */
export function ImageGallery({ images, alt }: ImageGalleryProps) {
  const [selected, setSelected] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  const count = images.length;
  const label = (index: number) => (count > 1 ? `${alt}, picture ${index + 1} of ${count}` : alt);

  if (count === 0) {
    return (
      <div className="gallery">
        <ProductImage src={null} alt={alt} className="gallery__main" />
      </div>
    );
  }

  return (
    <div className="gallery">
      <button
        type="button"
        className="gallery__main-button"
        aria-label={`Enlarge ${label(selected)}`}
        onClick={() => setLightboxOpen(true)}
      >
        <ProductImage
          {...largeImage(images[selected] ?? '', ImageSlots.productMain)}
          preview={thumbnailOf(images[selected] ?? '')}
          alt={label(selected)}
          className="gallery__main"
          loading="eager"
          priority={selected === 0}
        />
      </button>
      {count > 1 && (
        <ul className="gallery__thumbnails" aria-label="Pictures">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className="gallery__thumbnail"
                aria-label={`Show picture ${index + 1} of ${count}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
              >
                <ProductImage
                  src={thumbnailOf(image)}
                  alt=""
                  className="gallery__thumbnail-image"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {lightboxOpen && (
        <Lightbox
          images={images}
          alt={alt}
          startIndex={selected}
          onClose={() => setLightboxOpen(false)}
        />
      )}
    </div>
  );
}
