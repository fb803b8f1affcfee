import { useEffect, useState } from 'react';
import { ChartIcon, SparkIcon, StoreIcon } from '../../../components/icons';
import './AuthHero.css';

/** SPEC section 9: the auth hero moves on every 5 s. */
const HERO_INTERVAL_MS = 5000;

const SLIDES = [
  {
    icon: SparkIcon,
    title: 'One link for every store',
    text: 'Share one short link per product and let buyers pick Amazon, Flipkart, Myntra, Meesho or any store they trust.',
  },
  {
    icon: StoreIcon,
    title: 'A shop at your own address',
    text: 'Your photo, banners, social links and every product on one public page that you can share anywhere.',
  },
  {
    icon: ChartIcon,
    title: 'See what sells',
    text: 'Count every visit and every store click, by day, device and region, and spend your time on what works.',
  },
] as const;

/**
 * The carousel beside the sign-in form: three slides, one every 5 s. It holds still while
 * the pointer or the keyboard focus is on it, and the dots pick a slide.
 */
export function AuthHero() {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return undefined;
    const timer = setInterval(
      () => setCurrent((index) => (index + 1) % SLIDES.length),
      HERO_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [paused]);

  return (
    <section
      className="auth-hero"
      aria-roledescription="carousel"
      aria-label="Why Kartlink"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="auth-hero__slides">
        {SLIDES.map(({ icon: Icon, title, text }, index) => (
          <div
            key={title}
            className={index === current ? 'auth-hero__slide is-current' : 'auth-hero__slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${SLIDES.length}`}
            aria-hidden={index !== current}
          >
            <span className="auth-hero__icon">
              <Icon width={28} height={28} />
            </span>
            <h2 className="auth-hero__title">{title}</h2>
            <p className="auth-hero__text">{text}</p>
          </div>
        ))}
      </div>
      <div className="auth-hero__dots">
        {SLIDES.map(({ title }, index) => (
          <button
            key={title}
            type="button"
            className="auth-hero__dot"
            aria-label={`Show slide ${index + 1}: ${title}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
    </section>
  );
}
