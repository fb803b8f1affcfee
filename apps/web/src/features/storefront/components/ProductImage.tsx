import { useMemo, useState } from 'react';
import { ImageIcon, ImageOffIcon } from './icons';
import './ProductImage.css';

interface ProductImageProps {
  src: string | null | undefined;
  /**
   * Other sizes of the same picture and the width it is shown at (contracts' largeImage): the
   * browser takes the smallest that is sharp on its screen.
   */
  srcSet?: string;
  sizes?: string;
  alt: string;
  /**
   * A small version of the same picture (its thumbnail), shown at once while the full one
   * loads; the full one replaces it when it has arrived.
   */
  preview?: string | null;
  className?: string;
  /** Images far down a long grid wait until they are scrolled near. */
  loading?: 'eager' | 'lazy';
  /** 'contain' shows the whole picture (the lightbox); 'cover' fills the frame (cards). */
  fit?: 'cover' | 'contain';
  /**
   * The page's largest picture (its Largest Contentful Paint): asked for before the others and
   * shown as it arrives, without the fade.
   */
  priority?: boolean;
}

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * The image's state as the browser has it when React takes it over: a page rendered on the
 * server shows its pictures before the app's code has run, and a picture that arrived (or
 * failed) by then fired its load or error event before anyone listened.
 */
function settledAlready(setState: (state: LoadState) => void) {
  return (image: HTMLImageElement | null) => {
    if (!image?.complete || !image.currentSrc) return;
    setState(image.naturalWidth > 0 ? 'loaded' : 'failed');
  };
}

/**
 * A product picture in a frame (SPEC section 2, card): a placeholder (or the thumbnail) while it
 * loads or when there is none, and a failure icon when it cannot be loaded.
 */
export function ProductImage({ src, preview, ...props }: ProductImageProps) {
  // A new address starts over.
  const full = src || null;
  const small = preview && preview !== full ? preview : null;
  return (
    <FramedImage
      key={`${full ?? ''} ${props.srcSet ?? ''} ${small ?? ''}`}
      src={full}
      preview={small}
      {...props}
    />
  );
}

function FramedImage({
  src,
  srcSet,
  sizes,
  preview,
  alt,
  className = '',
  loading = 'lazy',
  fit = 'cover',
  priority = false,
}: ProductImageProps & { src: string | null; preview: string | null }) {
  const [state, setState] = useState<LoadState>('loading');
  const [previewState, setPreviewState] = useState<LoadState>('loading');
  const fullSettled = useMemo(() => settledAlready(setState), []);
  const previewSettled = useMemo(() => settledAlready(setPreviewState), []);
  const previewShown = preview !== null && previewState === 'loaded' && state !== 'loaded';
  const failed = state === 'failed' && (preview === null || previewState === 'failed');
  const frame = !src ? 'none' : state === 'loaded' ? 'loaded' : previewShown ? 'preview' : state;

  return (
    <span className={`product-image product-image--${failed ? 'failed' : frame} ${className}`}>
      {src && preview && state !== 'loaded' && previewState !== 'failed' && (
        <img
          src={preview}
          // Standing in for a full picture that failed, it says what the picture shows.
          alt={state === 'failed' ? alt : ''}
          loading={loading}
          decoding="async"
          className={`product-image__img product-image__img--preview product-image__img--${fit}`}
          ref={previewSettled}
          onLoad={() => setPreviewState('loaded')}
          onError={() => setPreviewState('failed')}
        />
      )}
      {src && state !== 'failed' && (
        <img
          src={src}
          {...(srcSet ? { srcSet, sizes } : {})}
          alt={alt}
          loading={priority ? 'eager' : loading}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          className={`product-image__img product-image__img--full product-image__img--${fit}${priority ? ' product-image__img--priority' : ''}`}
          ref={fullSettled}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
      {(!src || (state === 'loading' && !previewShown)) && (
        <span className="product-image__placeholder" data-testid="image-placeholder">
          <ImageIcon width={32} height={32} />
        </span>
      )}
      {src && failed && (
        <span className="product-image__failed" role="img" aria-label="Image failed to load">
          <ImageOffIcon width={32} height={32} />
        </span>
      )}
    </span>
  );
}
