import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type ReactNode,
  useContext,
  useEffect,
} from 'react';
import type { RouteHandle } from '../app/route-handle';

/**
 * The router of a server-rendered public page (entry-public.tsx in the browser, entry-server.tsx
 * on the server), standing in for react-router in those two builds (vite.config.ts): such a page
 * is one route, its layouts and its page component, and every link on it is a plain link the
 * browser follows to the next server-rendered page. It answers the part of react-router's API
 * the public pages use, with the same markup, without the real one's code (most of its size);
 * the app's own build keeps react-router, and with it the same components navigate in place.
 */

/** The page a public router shows: where it is, its route's parameters and handle, its layers. */
export interface PublicRoute {
  pathname: string;
  search: string;
  hash: string;
  params: Readonly<Record<string, string>>;
  handle: RouteHandle;
  /** The layouts from the outermost, then the page: each layer's `<Outlet />` is the next. */
  layers: ReactNode[];
}

const RouteContext = createContext<PublicRoute | null>(null);
const DepthContext = createContext(0);

function useRoute(): PublicRoute {
  const route = useContext(RouteContext);
  if (!route) throw new Error('A public page component rendered outside <PublicRouter>.');
  return route;
}

/** Shows `route`: its outermost layer, whose outlets show the next ones. */
export function PublicRouter({ route }: { route: PublicRoute }) {
  return (
    <RouteContext.Provider value={route}>
      <DepthContext.Provider value={0}>{route.layers[0]}</DepthContext.Provider>
    </RouteContext.Provider>
  );
}

/** @public react-router's `<Outlet />`: the next layer of the page. */
export function Outlet() {
  const depth = useContext(DepthContext) + 1;
  const layer = useRoute().layers[depth];
  return layer === undefined ? null : (
    <DepthContext.Provider value={depth}>{layer}</DepthContext.Provider>
  );
}

type To = string | { pathname?: string; search?: string; hash?: string };

function hrefOf(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  // react-router's own props, which say nothing to a link the browser follows.
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: string;
  prefetch?: string;
}

/** @public react-router's `<Link>`: the same `<a href>`, followed by the browser. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    to,
    replace: _replace,
    state: _state,
    reloadDocument: _reload,
    preventScrollReset: _scroll,
    viewTransition: _transition,
    discover: _discover,
    prefetch: _prefetch,
    ...anchor
  },
  ref,
) {
  return <a {...anchor} ref={ref} href={hrefOf(to)} />;
});

/** @public react-router's `<Navigate>`: goes to `to` once rendered in the browser. */
export function Navigate({ to, replace }: { to: To; replace?: boolean; state?: unknown }) {
  useEffect(() => {
    if (replace) window.location.replace(hrefOf(to));
    else window.location.assign(hrefOf(to));
  }, [to, replace]);
  return null;
}

/** @public react-router's `useNavigate()`: a full navigation. */
export function useNavigate() {
  return (to: To | number, options?: { replace?: boolean }) => {
    if (typeof to === 'number') window.history.go(to);
    else if (options?.replace) window.location.replace(hrefOf(to));
    else window.location.assign(hrefOf(to));
  };
}

/** @public react-router's `useLocation()`. */
export function useLocation() {
  const { pathname, search, hash } = useRoute();
  return { pathname, search, hash, state: null, key: 'default' };
}

/** @public react-router's `useParams()`. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRoute().params;
}

/** @public react-router's `useMatches()`: the page's one route. */
export function useMatches() {
  const { pathname, params, handle } = useRoute();
  return [{ id: 'public', pathname, params, handle, data: undefined, loaderData: undefined }];
}

const IDLE = {
  state: 'idle',
  location: undefined,
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  formData: undefined,
  json: undefined,
  text: undefined,
} as const;

/** @public react-router's `useNavigation()`: a page followed by the browser is never navigating. */
export function useNavigation() {
  return IDLE;
}

/** @public react-router's `<ScrollRestoration />`: the browser restores the scroll of a page. */
export function ScrollRestoration() {
  return null;
}
