import { useEffect, useRef, useState, type FocusEvent, type TouchEvent } from 'react';
import { ImageSlots, largeImage } from '@kartlink/contracts';
import { Link } from 'react-router';
import { useHydrated } from '../../../hooks/use-hydrated';
import { TABLET_UP, useMediaQuery } from '../hooks/use-media-query';
import { bannerTarget, type Banner } from '../utils/banners';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './BannerCarousel.css';

/** SPEC section 9, Carousel. */
const CAROUSEL = {
  advanceMs: 4000,
  swipeThresholdPx: 50,
  swipeResumeMs: 3000,
  visibleOnPhone: 1,
  visibleWide: 3,
} as const;

/** A position counted round a ring of `length`: -1 is the last, `length` the first. */
const wrap = (value: number, length: number) => ((value % length) + length) % length;

/**
 * The shop's banners (SPEC section 4): one at a time under 768 px, three on wider screens. When
 * there are more banners than places it moves on every 4 s, wrapping round; hovering (or
 * focusing) pauses it, a swipe turns it and pauses it for 3 s. A banner whose image fails is
 * left out, and comes back if its image loads later.
 */
export function BannerCarousel({ banners }: { banners: readonly Banner[] }) {
  const wide = useMediaQuery(TABLET_UP);
  // A page the server rendered does not know the screen's width: it has the slides of the widest
  // carousel, of which the stylesheet shows as many as the screen takes, and the app keeps them
  // until it has taken the page over. Then it shows as many as there are places.
  const hydrated = useHydrated();
  const places = wide || !hydrated ? CAROUSEL.visibleWide : CAROUSEL.visibleOnPhone;
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [start, setStart] = useState(0);
  // Slides fade in when the carousel turns; the first ones are there at once.
  const [turned, setTurned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [swiping, setSwiping] = useState(false);
  const [retry, setRetry] = useState(0);
  const touchStartX = useRef<number | null>(null);
  // Phones send a mouseenter after a tap; it is not a hover.
  const touched = useRef(false);
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const shown = banners.filter((banner) => !failed.has(banner.id));
  const hidden = banners.filter((banner) => failed.has(banner.id));
  const count = shown.length;
  const turns = count > places;
  const first = count === 0 ? 0 : start % count;
  const visible = turns
    ? Array.from({ length: places }, (_, offset) => shown[(first + offset) % count])
    : shown;

  const step = (by: number) => {
    if (!turns) return;
    setTurned(true);
    setStart((current) => wrap(current + by, count));
  };

  // One timer per position: turning by hand gives the new banner its full 4 s as well.
  useEffect(() => {
    if (!turns || hovered || focused || swiping) return;
    const timer = setTimeout(() => {
      setTurned(true);
      setStart((current) => wrap(current + 1, count));
    }, CAROUSEL.advanceMs);
    return () => clearTimeout(timer);
  }, [turns, hovered, focused, swiping, start, count]);

  useEffect(() => () => clearTimeout(resumeTimer.current), []);

  // A failed image gets another chance when the connection comes back.
  useEffect(() => {
    const again = () => setRetry((value) => value + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);

  const markFailed = (id: string) =>
    setFailed((current) => (current.has(id) ? current : new Set(current).add(id)));
  const markLoaded = (id: string) =>
    setFailed((current) => {
      if (!current.has(id)) return current;
      const next = new Set(current);
      next.delete(id);
      return next;
    });

  function onTouchStart(event: TouchEvent) {
    touchStartX.current = event.touches[0].clientX;
    touched.current = true;
    clearTimeout(resumeTimer.current);
    setSwiping(true);
  }

  function onTouchEnd(event: TouchEvent) {
    const startX = touchStartX.current;
    touchStartX.current = null;
    if (startX !== null) {
      const distance = event.changedTouches[0].clientX - startX;
      if (Math.abs(distance) > CAROUSEL.swipeThresholdPx) step(distance < 0 ? 1 : -1);
    }
    clearTimeout(resumeTimer.current);
    resumeTimer.current = setTimeout(() => setSwiping(false), CAROUSEL.swipeResumeMs);
  }

  return (
    <section
      className="banner-carousel"
      aria-roledescription="carousel"
      aria-label="Shop banners"
      hidden={count === 0}
      onMouseEnter={() => setHovered(!touched.current)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setFocused(isKeyboardFocus(event))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <ul
        className="banner-carousel__track"
        aria-live={turns && !hovered && !focused ? 'off' : 'polite'}
      >
        {visible.map((banner, offset) => (
          <li
            key={banner.id}
            className={`banner-carousel__slide${turned ? ' banner-carousel__slide--turned' : ''}`}
            aria-roledescription="slide"
            aria-label={`${((first + offset) % count) + 1} of ${count}`}
          >
            <BannerImage
              banner={banner}
              first={!turned && offset === 0}
              onError={markFailed}
              onLoad={markLoaded}
            />
          </li>
        ))}
      </ul>
      {/* Failed images stay in the page, unseen, so that a later load brings them back. */}
      {hidden.map((banner) => (
        <img
          key={`${banner.id}:${retry}`}
          src={banner.url}
          alt=""
          hidden
          onError={() => markFailed(banner.id)}
          onLoad={() => markLoaded(banner.id)}
        />
      ))}
      {turns && (
        <>
          <button
            type="button"
            className="banner-carousel__nav banner-carousel__nav--previous"
            aria-label="Previous banner"
            onClick={() => step(-1)}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="banner-carousel__nav banner-carousel__nav--next"
            aria-label="Next banner"
            onClick={() => step(1)}
          >
            <ChevronRightIcon />
          </button>
        </>
      )}
    </section>
  );
}

/** Keyboard users pause it by moving into it; a click on an arrow does not. */
function isKeyboardFocus(event: FocusEvent): boolean {
  try {
    return event.target.matches(':focus-visible');
  } catch {
    return true;
  }
}

interface BannerImageProps {
  banner: Banner;
  /** The first banner the page opens with: usually its largest picture, asked for first. */
  first: boolean;
  onError: (id: string) => void;
  onLoad: (id: string) => void;
}

function BannerImage({ banner, first, onError, onLoad }: BannerImageProps) {
  const image = (
    <img
      className="banner-carousel__image"
      {...largeImage(banner.url, ImageSlots.banner)}
      alt={banner.alt}
      // The others wait until they show: a phone's stylesheet hides them (BannerCarousel.css)
      // and they would otherwise take the connection from the first.
      {...(first ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      onError={() => onError(banner.id)}
      onLoad={() => onLoad(banner.id)}
    />
  );
  const target = bannerTarget(banner.link);
  if (!target) return image;
  if ('to' in target)
    return (
      <Link to={target.to} className="banner-carousel__link">
        {image}
      </Link>
    );
  return (
    <a href={target.href} className="banner-carousel__link" rel="noopener noreferrer">
      {image}
    </a>
  );
}
