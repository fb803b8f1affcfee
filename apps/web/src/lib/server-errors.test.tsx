import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recentServerErrors, reportServerError } from './server-errors';
import { renderToaster } from '../test/toaster';

const HOUR = 60 * 60 * 1000;
const storedHistory = () => JSON.parse(sessionStorage.getItem('recent500Errors') ?? 'null');

describe('reportServerError', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    renderToaster();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("toasts 'Something went wrong' with the answer's error field for 5 seconds", () => {
    act(() => reportServerError({ error: 'Database unavailable', message: 'ignored' }));
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100)); // dismissed at 5 s...
    act(() => vi.advanceTimersByTime(1000)); // ...and gone after the exit animation
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('falls back to the message field, then to a default text', () => {
    act(() => reportServerError({ message: 'Upstream timed out' }));
    expect(screen.getByText('Upstream timed out')).toBeInTheDocument();

    act(() => reportServerError('<html>Bad gateway</html>'));
    expect(
      screen.getByText('The server encountered an issue while processing your request'),
    ).toBeInTheDocument();
  });

  it('records each error and keeps only the last hour', () => {
    const now = Date.now();
    sessionStorage.setItem('recent500Errors', JSON.stringify([now - 2 * HOUR, now - HOUR + 1000]));
    act(() => reportServerError({}, now));
    expect(storedHistory()).toEqual([now - HOUR + 1000, now]);
    expect(recentServerErrors(now + 2000)).toEqual([now]);
  });

  it('starts a fresh history when the stored one is unreadable', () => {
    sessionStorage.setItem('recent500Errors', '{not json');
    act(() => reportServerError({}, 1000));
    expect(storedHistory()).toEqual([1000]);
  });
});
