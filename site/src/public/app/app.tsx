import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { BookingProvider } from '../booking/booking-context';
import { Footer, FloatingButtons, Header } from '../components/chrome';
import { Icon } from '../components/icons';
import { ToastProvider } from '../components/toast';
import { NotFoundPage, notFoundPageHead } from '../pages/not-found';
import { FailedOnServerProvider, routeDataPaths } from './data';
import { applyHead } from './head';
import type { HeadBuilder } from './page-module';
import { prefetchPath, usePageModule } from './pages';
import { QueryCacheProvider, useQueryCache, type QueryCache } from './query';
import { RouterProvider, useRouter } from './router';
import { matchRoute, type Route } from './routes';

export interface AppProps {
  path: string;
  cache: QueryCache;
  /** Paths whose read failed while the server rendered this page. */
  failed: ReadonlySet<string>;
  /** The public origin for canonical links. */
  origin: string;
}

/** The whole public site; the server renders it to HTML and the browser hydrates the same tree. */
export function App({ path, cache, failed, origin }: AppProps) {
  return (
    <QueryCacheProvider value={cache}>
      <FailedOnServerProvider value={failed}>
        <RouterProvider initialPath={path} prefetch={prefetchPath}>
          <ToastProvider>
            <BookingProvider>
              <Layout origin={origin} />
            </BookingProvider>
          </ToastProvider>
        </RouterProvider>
      </FailedOnServerProvider>
    </QueryCacheProvider>
  );
}

/** While a page's code arrives after a navigation (it is usually there already: pages prefetch on idle). */
function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true" aria-label="Loading the page">
      <div className="page-header">
        <div className="container">
          <div className="skeleton skeleton-line skeleton-short" />
          <div className="skeleton skeleton-line skeleton-title" />
        </div>
      </div>
    </div>
  );
}

function PageFailed() {
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          <Icon name="alert" size={56} />
        </p>
        <h1>This page could not be loaded</h1>
        <p>Please check your internet connection and try again.</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </div>
    </section>
  );
}

/** Keeps the document's title, description and canonical link in step with the page after navigations. */
function useHeadSync(route: Route, path: string, origin: string, head: HeadBuilder | null) {
  const cache = useQueryCache();
  // A stamp of the route's data: the head is rebuilt when it arrives (a post's title, for one).
  const subscribe = useCallback((listener: () => void) => cache.subscribeAll(listener), [cache]);
  const stamp = useSyncExternalStore(subscribe, () => routeDataPaths(route).map((p) => cache.getState(p).dataUpdatedAt).join(','));
  useEffect(() => {
    if (head) applyHead(head(route, path, (p) => cache.getData(p), origin), origin);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, stamp, origin, head]);
}

function Layout({ origin }: { origin: string }) {
  const { path } = useRouter();
  const route = matchRoute(path);
  const page = usePageModule(route.name === 'not-found' ? null : route.name);
  useHeadSync(route, path, origin, route.name === 'not-found' ? notFoundPageHead : page && typeof page === 'object' ? page.head : null);
  // SPEC: paths under /admin show no public chrome (the admin is its own entry; this guards a stray link).
  const chrome = !path.startsWith('/admin');
  return (
    <>
      {chrome && (
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
      )}
      {chrome && <Header />}
      <main id="main" tabIndex={-1}>
        {route.name === 'not-found' ? (
          <NotFoundPage />
        ) : page === 'loading' ? (
          <PageLoading />
        ) : page === 'failed' ? (
          <PageFailed />
        ) : (
          page && <page.Page route={route} />
        )}
      </main>
      {chrome && <Footer />}
      {chrome && <FloatingButtons />}
    </>
  );
}
