import { MoonIcon, SunIcon } from '../icons';
import { useTheme } from './theme-context';

/** A pressed/unpressed "Dark mode" button; disabled where the page is always light. */
export function ThemeToggle() {
  const { theme, locked, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Dark mode"
      aria-pressed={dark}
      disabled={locked}
      title={locked ? 'Shop pages are always shown in light mode' : undefined}
      onClick={toggle}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
