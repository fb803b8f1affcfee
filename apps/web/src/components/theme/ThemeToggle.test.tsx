import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from './ThemeProvider';
import { ThemeToggle } from './ThemeToggle';

describe('ThemeToggle', () => {
  it('is disabled, and does nothing, where the page is always light', async () => {
    localStorage.setItem('theme', 'dark');
    render(
      <ThemeProvider locked>
        <ThemeToggle />
      </ThemeProvider>,
    );
    const button = screen.getByRole('button', { name: 'Dark mode' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(button);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
