import { createContext, useContext } from 'react';
import type { Theme } from '../../lib/theme';

interface ThemeControls {
  theme: Theme;
  /** True on public shop pages, which are always light. */
  locked: boolean;
  toggle: () => void;
}

export const ThemeContext = createContext<ThemeControls | null>(null);

export function useTheme(): ThemeControls {
  const controls = useContext(ThemeContext);
  if (!controls) throw new Error('useTheme must be used inside <ThemeProvider>');
  return controls;
}
