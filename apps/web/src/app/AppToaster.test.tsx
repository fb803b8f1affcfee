import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from './AppToaster';

const REMOVE_DELAY_MS = 1000;

/** Advances past a toast's lifetime and its exit animation. */
function waitOut(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  act(() => vi.advanceTimersByTime(REMOVE_DELAY_MS));
}

describe('AppToaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<AppToaster />);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows toasts at the top right', () => {
    act(() => {
      toast('Link copied');
    });
    const wrapper = screen.getByText('Link copied').closest('[style*="justify-content"]');
    expect(wrapper).toHaveStyle({ top: '0px', justifyContent: 'flex-end' });
  });

  it('keeps a success toast for 2 seconds', () => {
    act(() => {
      toast.success('Saved');
    });
    waitOut(1999);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    waitOut(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('keeps error and plain toasts for 4 seconds', () => {
    act(() => {
      toast.error('Could not save');
      toast('Heads up');
    });
    waitOut(3999);
    expect(screen.getByText('Could not save')).toBeInTheDocument();
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    waitOut(1);
    expect(screen.queryByText('Could not save')).not.toBeInTheDocument();
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('keeps a loading toast until it is dismissed', () => {
    act(() => {
      toast.loading('Uploading photo');
    });
    waitOut(10 * 60 * 1000);
    expect(screen.getByText('Uploading photo')).toBeInTheDocument();
  });

  it('shows at most 20 toasts at once, the newest first', () => {
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast(`Message ${n}`);
    });
    expect(screen.getAllByText(/^Message \d+$/)).toHaveLength(20);
    expect(screen.getByText('Message 25')).toBeInTheDocument();
    expect(screen.queryByText('Message 5')).not.toBeInTheDocument();
  });
});
