import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { CloseIcon } from '../../../components/icons';
import { thumbnailOf } from '@kartlink/contracts';
import { useModal } from '../../../hooks/use-modal';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { ProductImage } from './ProductImage';
import './Lightbox.css';

interface LightboxProps {
  images: readonly string[];
  /** What the pictures show, e.g. the product's title. */
  alt: string;
  startIndex?: number;
  onClose: () => void;
}

/** SPEC section 9: a swipe counts from 50 px. */
const SWIPE_THRESHOLD_PX = 50;

/**
 * Pictures shown large, one at a time (SPEC section 2): previous and next wrap around, a
 * counter says "2 / 5". Arrow keys and swipes turn, Escape or the close button leaves. Only the
 * picture shown is loaded in full, its thumbnail standing in until it arrives.
 */
export function Lightbox({ images, alt, startIndex = 0, onClose }: LightboxProps) {
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), images.length - 1));
  const dialog = useRef<HTMLDivElement>(null);
  const touchStartX = useRef<number | null>(null);
  const trapKeys = useModal(dialog, onClose);
  const count = images.length;
  const several = count > 1;

  const step = (by: number) => setIndex((current) => (current + by + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    if (several && event.key === 'ArrowLeft') step(-1);
    else if (several && event.key === 'ArrowRight') step(1);
    else trapKeys(event);
  }

  function onTouchEnd(event: TouchEvent) {
    const start = touchStartX.current;
    touchStartX.current = null;
    if (start === null || !several) return;
    const distance = event.changedTouches[0].clientX - start;
    if (Math.abs(distance) > SWIPE_THRESHOLD_PX) step(distance < 0 ? 1 : -1);
  }

  return (
    <div
      ref={dialog}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={`${alt}: pictures`}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onTouchStart={(event) => {
        touchStartX.current = event.touches[0].clientX;
      }}
      onTouchEnd={onTouchEnd}
    >
      <div className="lightbox__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="lightbox__bar">
        {several && (
          <p className="lightbox__counter" aria-live="polite">
            {index + 1} / {count}
          </p>
        )}
        <button type="button" className="lightbox__button" aria-label="Close" onClick={onClose}>
          <CloseIcon width={22} height={22} />
        </button>
      </div>
      <div className="lightbox__stage">
        <ProductImage
          src={images[index]}
          preview={thumbnailOf(images[index] ?? '')}
          alt={several ? `${alt}, picture ${index + 1} of ${count}` : alt}
          className="lightbox__image"
          loading="eager"
          fit="contain"
        />
      </div>
      {several && (
        <>
          <button
            type="button"
            className="lightbox__button lightbox__nav lightbox__nav--previous"
            aria-label="Previous picture"
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon width={24} height={24} />
          </button>
          <button
            type="button"
            className="lightbox__button lightbox__nav lightbox__nav--next"
            aria-label="Next picture"
            onClick={() => step(1)}
          >
            <ChevronRightIcon width={24} height={24} />
          </button>
        </>
      )}
    </div>
  );
}
