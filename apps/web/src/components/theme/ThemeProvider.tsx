import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  applyTheme,
  DARK_SCHEME_QUERY,
  storedTheme,
  storeTheme,
  systemTheme,
  type Theme,
} from '../../lib/theme';
import { ThemeContext } from './theme-context';

function subscribeToSystemTheme(onChange: () => void) {
  const query = window.matchMedia(DARK_SCHEME_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

interface ThemeProviderProps {
  /** Forces light mode and disables the toggle (public shop pages). */
  locked: boolean;
  children: ReactNode;
}

/** SPEC section 4: the stored choice, else the system's; always light when locked. */
export function ThemeProvider({ locked, children }: ThemeProviderProps) {
  const [choice, setChoice] = useState<Theme | null>(storedTheme);
  const system = useSyncExternalStore(subscribeToSystemTheme, systemTheme, () => 'light' as const);
  const theme = locked ? 'light' : (choice ?? system);

  useLayoutEffect(() => applyTheme(theme), [theme]);

  const toggle = useCallback(() => {
    if (locked) return;
    const next = theme === 'dark' ? 'light' : 'dark';
    storeTheme(next);
    setChoice(next);
  }, [locked, theme]);

  const controls = useMemo(() => ({ theme, locked, toggle }), [theme, locked, toggle]);
  return <ThemeContext value={controls}>{children}</ThemeContext>;
}
