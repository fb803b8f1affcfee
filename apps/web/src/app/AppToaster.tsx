import { Toaster, type ToasterProps } from 'react-hot-toast';
import { useHydrated } from '../hooks/use-hydrated';

/** SPEC section 9: toast lifetimes. The 20-toast cap is react-hot-toast's own limit. */
const TOAST_OPTIONS = {
  duration: 4000,
  success: { duration: 2000 },
  error: { duration: 4000 },
  loading: { duration: Infinity },
  className: 'toast',
} satisfies ToasterProps['toastOptions'];

/** Under the top bar, not over its buttons (styles/global.css). */
const CONTAINER_STYLE = { top: 'var(--toasts-top)' };

/**
 * Only once the page is the browser's: rendered on the server, the toasts' container would come
 * with an inline `style` attribute, which the pages' Content-Security-Policy drops (and taking
 * the page over does not put back); set from script, its style is allowed.
 */
export function AppToaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Toaster position="top-right" containerStyle={CONTAINER_STYLE} toastOptions={TOAST_OPTIONS} />
  );
}
