import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { localizePath } from '../../../../shared/i18n/types';
import { useI18n } from './i18n';

// A small client router for nine public routes: the History API, links that navigate without reloading,
// and scrolling to the top (and moving focus to the page) after each navigation. The server renders the
// same path, so the first render in the browser matches it. `prefetch` (the page registry's prefetchPath,
// handed in by app.tsx) starts loading a page's code when a link to it is pointed at, touched or focused.

interface RouterValue {
  path: string;
  navigate: (to: string) => void;
  prefetch: (to: string) => void;
}

const noop = () => {};
const RouterContext = createContext<RouterValue>({ path: '/', navigate: noop, prefetch: noop });

export function RouterProvider({
  initialPath,
  prefetch = noop,
  children,
}: {
  initialPath: string;
  prefetch?: (to: string) => void;
  children: ReactNode;
}) {
  const [path, setPath] = useState(initialPath);
  const pendingScroll = useRef(false);

  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    if (!pendingScroll.current) return;
    pendingScroll.current = false;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // Screen-reader and keyboard users land on the new page, not on the link they left.
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [path]);

  const navigate = useCallback((to: string) => {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return;
    }
    if (url.pathname === window.location.pathname && !url.hash) {
      // SPEC: clicking the current link scrolls to the top.
      window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
      return;
    }
    window.history.pushState(null, '', url.pathname + url.search + url.hash);
    pendingScroll.current = !url.hash;
    setPath(url.pathname);
  }, []);

  const value = useMemo(() => ({ path, navigate, prefetch }), [path, navigate, prefetch]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  return useContext(RouterContext);
}

/** A plain left click without modifiers on a link that stays in this window. */
export function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.currentTarget.target;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link within the site, written without the language (`/about`): it leads to the page in the current language. */
export function Link({ to: path, onClick, ...rest }: LinkProps) {
  const { navigate, prefetch: prefetchTo } = useRouter();
  const to = localizePath(useI18n().lang, path);
  const prefetch = () => prefetchTo(to);
  return (
    <a
      href={to}
      onPointerEnter={prefetch}
      onTouchStart={prefetch}
      onFocus={prefetch}
      {...rest}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainClick(e)) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
