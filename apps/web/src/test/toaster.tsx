import { render } from '@testing-library/react';
import { AppToaster } from '../app/AppToaster';

/** The app's toaster alone, for code that shows toasts outside a rendered page. */
export function renderToaster() {
  return render(<AppToaster />);
}
