import { useNavigation } from 'react-router';

/** A bar across the top while the next page's code loads. */
export function NavigationProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
