import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { setSystemPrefersDark } from '../../test/match-media';
import { renderApp, TEST_USER } from '../../test/render-app';

const shownTheme = () => document.documentElement.dataset.theme;
const darkModeButton = () => screen.getByRole('button', { name: 'Dark mode' });

async function openPage(path: string) {
  const app = renderApp(path, { user: TEST_USER });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('dark mode', () => {
  it('follows the system preference when nothing is stored', async () => {
    setSystemPrefersDark(true);
    await openPage('/');
    expect(shownTheme()).toBe('dark');
    expect(darkModeButton()).toHaveAttribute('aria-pressed', 'true');

    act(() => setSystemPrefersDark(false));
    // The page may still be subscribing to the system's changes: it reads the system then.
    await waitFor(() => expect(shownTheme()).toBe('light'));
  });

  it('prefers the stored choice over the system', async () => {
    localStorage.setItem('theme', 'dark');
    await openPage('/');
    expect(shownTheme()).toBe('dark');

    act(() => setSystemPrefersDark(false));
    expect(shownTheme()).toBe('dark');
  });

  it('ignores an unreadable stored value', async () => {
    localStorage.setItem('theme', 'sepia');
    await openPage('/');
    expect(shownTheme()).toBe('light');
  });

  it('toggles, stores the choice and keeps it on the next visit', async () => {
    const { user, unmount } = await openPage('/');
    expect(shownTheme()).toBe('light');

    await user.click(darkModeButton());
    expect(shownTheme()).toBe('dark');
    expect(darkModeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('theme')).toBe('dark');

    unmount();
    await openPage('/privacy-policy');
    expect(shownTheme()).toBe('dark');

    await user.click(darkModeButton());
    expect(shownTheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('is also available in the dashboard', async () => {
    const { user } = await openPage('/dashboard/links');
    await user.click(darkModeButton());
    expect(shownTheme()).toBe('dark');
  });

  it.each(['/asha-crafts', '/asha-crafts/k3x9', '/shop/asha-crafts', '/open/asha-crafts/k3x9'])(
    'is forced off on the public shop page %s, without losing the stored choice',
    async (path) => {
      // The shop is not there: its page says so at once (no retries of a network failure).
      mockApi({});
      localStorage.setItem('theme', 'dark');
      setSystemPrefersDark(true);
      const { router } = await openPage(path);
      expect(shownTheme()).toBe('light');
      expect(localStorage.getItem('theme')).toBe('dark');

      vi.unstubAllGlobals();
      await act(() => router.navigate('/dashboard'));
      await screen.findByRole('heading', { level: 1, name: 'Your dashboard' });
      expect(shownTheme()).toBe('dark');
    },
  );
});
