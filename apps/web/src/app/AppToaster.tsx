import { Toaster, type ToasterProps } from 'react-hot-toast';

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

export function AppToaster() {
  return (
    <Toaster position="top-right" containerStyle={CONTAINER_STYLE} toastOptions={TOAST_OPTIONS} />
  );
}
