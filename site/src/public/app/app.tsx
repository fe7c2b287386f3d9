import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { BookingProvider } from '../booking/booking-context';
import { Footer, FloatingButtons, Header } from '../components/chrome';
import { Icon } from '../components/icons';
import { ToastProvider } from '../components/toast';
import { NotFoundPage, notFoundPageHead } from '../pages/not-found';
import type { Catalogue } from '../../../../shared/i18n/en';
import { splitLangPath, type Lang } from '../../../../shared/i18n/types';
import { FailedOnServerProvider, routeDataPaths } from './data';
import { I18nProvider, useI18n, type I18n } from './i18n';
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
  /** The page's language (from its address) and that language's catalogue. */
  lang: Lang;
  catalogue: Catalogue;
}

/** The whole public site; the server renders it to HTML and the browser hydrates the same tree. */
export function App({ path, cache, failed, origin, lang, catalogue }: AppProps) {
  const i18n = useMemo(() => ({ lang, t: catalogue }), [lang, catalogue]);
  return (
    <I18nProvider value={i18n}>
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
    </I18nProvider>
  );
}

/** While a page's code arrives after a navigation (it is usually there already: pages prefetch on idle). */
function PageLoading() {
  const { t } = useI18n();
  return (
    <div className="page-loading" aria-busy="true" aria-label={t.common.loadingPage}>
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
  const { t } = useI18n();
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code" aria-hidden="true">
          <Icon name="alert" size={56} />
        </p>
        <h1>{t.common.pageFailedTitle}</h1>
        <p>{t.common.pageFailedText}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t.common.tryAgain}
        </button>
      </div>
    </section>
  );
}

/** Keeps the document's title, description and canonical link in step with the page after navigations. */
function useHeadSync(route: Route, path: string, origin: string, head: HeadBuilder | null, i18n: I18n) {
  const cache = useQueryCache();
  // A stamp of the route's data: the head is rebuilt when it arrives (a post's title, for one).
  const subscribe = useCallback((listener: () => void) => cache.subscribeAll(listener), [cache]);
  const stamp = useSyncExternalStore(subscribe, () => routeDataPaths(route).map((p) => cache.getState(p).dataUpdatedAt).join(','));
  useEffect(() => {
    if (head) applyHead(head(route, path, (p) => cache.getData(p), origin, i18n), origin, i18n.lang);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, stamp, origin, head]);
}

function Layout({ origin }: { origin: string }) {
  const i18n = useI18n();
  // The route is read from the path without its language: /mr/about is the about page in Marathi.
  const path = splitLangPath(useRouter().path).path;
  const route = matchRoute(path);
  const page = usePageModule(route.name === 'not-found' ? null : route.name);
  useHeadSync(route, path, origin, route.name === 'not-found' ? notFoundPageHead : page && typeof page === 'object' ? page.head : null, i18n);
  // SPEC: paths under /admin show no public chrome (the admin is its own entry; this guards a stray link).
  const chrome = !path.startsWith('/admin');
  return (
    <>
      {chrome && (
        <a className="skip-link" href="#main">
          {i18n.t.common.skipToMain}
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
