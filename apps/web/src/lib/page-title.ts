import { SITE_NAME } from './site';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * SPEC section 2: the page name comes from the path, words capitalised, "/" is "Home".
 * "/dashboard/create-link" gives "Dashboard / Create Link".
 */
export function pageNameFor(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean).map(decode);
  if (segments.length === 0) return 'Home';
  return segments
    .map((segment) =>
      segment
        .split(/[-_\s]+/)
        .filter(Boolean)
        .map(capitalise)
        .join(' '),
    )
    .join(' / ');
}

export function documentTitleFor(pathname: string): string {
  return `${pageNameFor(pathname)} | ${SITE_NAME}`;
}
