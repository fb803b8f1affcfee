import { useEffect } from 'react';

/**
 * Asks search engines not to list the page while it is shown (`<meta name="robots"
 * content="noindex">`), as the server does for pages that are not the product's own.
 */
export function useNoIndex(): void {
  useEffect(() => {
    if (document.head.querySelector('meta[name="robots"][content~="noindex"]')) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
