import { ImageSlots } from '@kartlink/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewportWidth } from '../test/viewport';
import type { Banner } from '../utils/banners';
import { BannerCarousel } from './BannerCarousel';

const banners = (count: number): Banner[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `b${index + 1}`,
    url: `/banners/${index + 1}.jpg`,
    alt: `Banner ${index + 1}`,
    link: '',
  }));

function renderCarousel(list: Banner[]) {
  render(
    <MemoryRouter>
      <BannerCarousel banners={list} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Shop banners' });
}

/** The banners on screen, by their alt text, in order. */
const shown = () =>
  screen
    .queryAllByRole('img')
    .filter((image) => !image.hidden)
    .map((image) => image.getAttribute('alt'));

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

const touch = (element: HTMLElement, from: number, to: number) => {
  fireEvent.touchStart(element, { touches: [{ clientX: from }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: to }] });
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the banner carousel on a phone (under 768 px)', () => {
  it('shows one banner and moves on every 4 s, wrapping from the last to the first', async () => {
    renderCarousel(banners(3));
    expect(shown()).toEqual(['Banner 1']);
    await wait(3999);
    expect(shown()).toEqual(['Banner 1']);
    await wait(1);
    expect(shown()).toEqual(['Banner 2']);
    await wait(4000);
    expect(shown()).toEqual(['Banner 3']);
    await wait(4000);
    expect(shown()).toEqual(['Banner 1']);
  });

  it('stands still, without arrows, with a single banner', async () => {
    renderCarousel(banners(1));
    await wait(12_000);
    expect(shown()).toEqual(['Banner 1']);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('goes back from the first banner to the last with the previous arrow', async () => {
    renderCarousel(banners(3));
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shown()).toEqual(['Banner 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(shown()).toEqual(['Banner 1']);
  });

  it('turns on a swipe of more than 50 px, left for next and right for previous', async () => {
    const carousel = renderCarousel(banners(3));
    touch(carousel, 200, 120);
    expect(shown()).toEqual(['Banner 2']);
    touch(carousel, 100, 190);
    expect(shown()).toEqual(['Banner 1']);
    touch(carousel, 100, 60);
    expect(shown()).toEqual(['Banner 1']);
  });

  it('counts a swipe only beyond 50 px', async () => {
    const carousel = renderCarousel(banners(3));
    touch(carousel, 200, 150);
    expect(shown()).toEqual(['Banner 1']);
    touch(carousel, 200, 149);
    expect(shown()).toEqual(['Banner 2']);
  });

  it('pauses after a swipe and starts again 3 s later', async () => {
    const carousel = renderCarousel(banners(3));
    touch(carousel, 200, 100);
    expect(shown()).toEqual(['Banner 2']);

    await wait(2999);
    expect(shown()).toEqual(['Banner 2']);
    await wait(1);
    // Running again from 3 s, the next turn comes a full 4 s later.
    await wait(3999);
    expect(shown()).toEqual(['Banner 2']);
    await wait(1);
    expect(shown()).toEqual(['Banner 3']);
  });

  it('pauses while the mouse is over it and starts again when it leaves', async () => {
    const carousel = renderCarousel(banners(3));
    fireEvent.mouseEnter(carousel);
    await wait(20_000);
    expect(shown()).toEqual(['Banner 1']);

    fireEvent.mouseLeave(carousel);
    await wait(4000);
    expect(shown()).toEqual(['Banner 2']);
  });
});

describe('the sizes of a banner', () => {
  it('offers our banner at the medium width for phones and in full for wide screens', () => {
    const url = '/api/banners/5f0e6a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    renderCarousel([{ id: 'b1', url, alt: 'Diwali sale', link: '' }]);
    const image = screen.getByRole('img', { name: 'Diwali sale' });
    expect(image).toHaveAttribute('src', url);
    expect(image).toHaveAttribute('srcset', `${url}/medium 720w, ${url} 2400w`);
    expect(image).toHaveAttribute('sizes', ImageSlots.banner);
  });

  it('asks for the first banner first and leaves the others until they show', () => {
    renderCarousel(banners(3));
    const [first, ...others] = screen.getAllByRole('img');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).not.toHaveAttribute('loading');
    for (const image of others) expect(image).toHaveAttribute('loading', 'lazy');
  });
});

describe('the banner carousel on a wide screen', () => {
  beforeEach(() => {
    setViewportWidth(1280);
  });

  it('shows three banners and stands still when there are no more', async () => {
    renderCarousel(banners(3));
    expect(shown()).toEqual(['Banner 1', 'Banner 2', 'Banner 3']);
    await wait(12_000);
    expect(shown()).toEqual(['Banner 1', 'Banner 2', 'Banner 3']);
    expect(screen.queryByRole('button', { name: 'Next banner' })).not.toBeInTheDocument();
  });

  it('moves on by one every 4 s when there are more than three, wrapping round', async () => {
    renderCarousel(banners(4));
    expect(shown()).toEqual(['Banner 1', 'Banner 2', 'Banner 3']);
    await wait(4000);
    expect(shown()).toEqual(['Banner 2', 'Banner 3', 'Banner 4']);
    await wait(4000);
    expect(shown()).toEqual(['Banner 3', 'Banner 4', 'Banner 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(shown()).toEqual(['Banner 4', 'Banner 1', 'Banner 2']);
  });
});

describe('a banner whose image fails', () => {
  it('is left out, and comes back if its image loads later', async () => {
    setViewportWidth(1280);
    const carousel = renderCarousel(banners(4));
    fireEvent.error(screen.getByRole('img', { name: 'Banner 2' }));
    expect(shown()).toEqual(['Banner 1', 'Banner 3', 'Banner 4']);
    // Three left for three places: nothing to turn.
    await wait(8000);
    expect(shown()).toEqual(['Banner 1', 'Banner 3', 'Banner 4']);

    const waiting = carousel.querySelector('img[hidden]');
    expect(waiting).toHaveAttribute('src', '/banners/2.jpg');
    fireEvent.load(waiting!);
    expect(shown()).toEqual(['Banner 1', 'Banner 2', 'Banner 3']);
  });

  it('is asked for again when the connection comes back', () => {
    const carousel = renderCarousel(banners(2));
    fireEvent.error(screen.getByRole('img', { name: 'Banner 1' }));
    expect(shown()).toEqual(['Banner 2']);
    const first = carousel.querySelector('img[hidden]');
    fireEvent.error(first!);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const second = carousel.querySelector('img[hidden]');
    expect(second).toHaveAttribute('src', '/banners/1.jpg');
    expect(second).not.toBe(first);
  });

  it('hides the carousel when no image loads at all', () => {
    const carousel = renderCarousel(banners(1));
    fireEvent.error(screen.getByRole('img', { name: 'Banner 1' }));
    expect(carousel).not.toBeVisible();
  });
});

describe('a banner with a link', () => {
  it('leads to another site by its address', () => {
    renderCarousel([
      { id: 'b1', url: '/b1.jpg', alt: 'Festival', link: 'https://example.com/festival' },
      { id: 'b2', url: '/b2.jpg', alt: 'No link', link: '' },
    ]);
    expect(screen.getByRole('link', { name: 'Festival' })).toHaveAttribute(
      'href',
      'https://example.com/festival',
    );
  });

  it('leads to it', () => {
    renderCarousel([
      { id: 'b1', url: '/b1.jpg', alt: 'Diwali sale', link: '/meera-finds/k3x9pqr' },
    ]);
    expect(screen.getByRole('link', { name: 'Diwali sale' })).toHaveAttribute(
      'href',
      '/meera-finds/k3x9pqr',
    );
  });
});
