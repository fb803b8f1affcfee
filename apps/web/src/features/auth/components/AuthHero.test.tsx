import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthHero } from './AuthHero';

// Hidden slides are aria-hidden: only the current one is in the accessibility tree.
const shown = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the auth hero carousel', () => {
  it('moves through its 3 slides every 5 s, back to the first after the last', () => {
    render(<AuthHero />);
    expect(shown()).toEqual(['One link for every store']);
    wait(4_999);
    expect(shown()).toEqual(['One link for every store']);
    wait(1);
    expect(shown()).toEqual(['A shop at your own address']);
    wait(5_000);
    expect(shown()).toEqual(['See what sells']);
    wait(5_000);
    expect(shown()).toEqual(['One link for every store']);
  });

  it('holds still while the pointer is on it', () => {
    render(<AuthHero />);
    const hero = screen.getByRole('region', { name: 'Why Kartlink' });
    fireEvent.mouseEnter(hero);
    wait(20_000);
    expect(shown()).toEqual(['One link for every store']);
    fireEvent.mouseLeave(hero);
    wait(5_000);
    expect(shown()).toEqual(['A shop at your own address']);
  });

  it('shows the slide a dot picks', () => {
    render(<AuthHero />);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3: See what sells' }));
    expect(shown()).toEqual(['See what sells']);
    expect(screen.getByRole('button', { name: 'Show slide 3: See what sells' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
