import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach } from 'vitest';
import { installMatchMedia } from './match-media';
import { servePublicUrl } from './public-url';

// Pages load lazily; on a busy machine the first one can take longer than the 1 s default.
configure({ asyncUtilTimeout: 3000 });

beforeEach(() => {
  installMatchMedia();
  // jsdom does not implement scrolling; the router's scroll restoration calls it.
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
  servePublicUrl();
});

afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.title = '';
});
