import { useState } from 'react';
import { ImageIcon, ImageOffIcon } from './icons';
import './ProductImage.css';

interface ProductImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** Images far down a long grid wait until they are scrolled near. */
  loading?: 'eager' | 'lazy';
  /** 'contain' shows the whole picture (the lightbox); 'cover' fills the frame (cards). */
  fit?: 'cover' | 'contain';
}

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * A product picture in a frame (SPEC section 2, card): a placeholder while it loads or when
 * there is none, and a failure icon when it cannot be loaded.
 */
export function ProductImage({ src, ...props }: ProductImageProps) {
  // A new address starts over.
  return <FramedImage key={src ?? ''} src={src || null} {...props} />;
}

function FramedImage({
  src,
  alt,
  className = '',
  loading = 'lazy',
  fit = 'cover',
}: ProductImageProps & { src: string | null }) {
  const [state, setState] = useState<LoadState>('loading');
  const shown = src && state !== 'failed';

  return (
    <span className={`product-image product-image--${src ? state : 'none'} ${className}`}>
      {shown && (
        <img
          src={src}
          alt={alt}
          loading={loading}
          decoding="async"
          className={`product-image__img product-image__img--${fit}`}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
      {(!src || state === 'loading') && (
        <span className="product-image__placeholder" data-testid="image-placeholder">
          <ImageIcon width={32} height={32} />
        </span>
      )}
      {src && state === 'failed' && (
        <span className="product-image__failed" role="img" aria-label="Image failed to load">
          <ImageOffIcon width={32} height={32} />
        </span>
      )}
    </span>
  );
}
