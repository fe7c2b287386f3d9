import { QueryClientProvider, useQueries, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BookingProvider } from '../booking/booking-context';
import { Footer, FloatingButtons, Header } from '../components/chrome';
import { ToastProvider } from '../components/toast';
import { AboutPage } from '../pages/about';
import { BlogsPage } from '../pages/blogs';
import { ContactPage } from '../pages/contact';
import { GalleryPage } from '../pages/gallery';
import { HomePage } from '../pages/home';
import { NotFoundPage } from '../pages/not-found';
import { PostPage } from '../pages/post';
import { TreatmentDetailPage, TreatmentsPage } from '../pages/treatments';
import { FailedOnServerProvider, routeDataPaths } from './data';
import { applyHead, buildHead } from './head';
import { RouterProvider, useRouter } from './router';
import { matchRoute, type Route } from './routes';

export interface AppProps {
  path: string;
  queryClient: QueryClient;
  /** Paths whose read failed while the server rendered this page. */
  failed: ReadonlySet<string>;
  /** The public origin for canonical links. */
  origin: string;
}

/** The whole public site; the server renders it to HTML and the browser hydrates the same tree. */
export function App({ path, queryClient, failed, origin }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <FailedOnServerProvider value={failed}>
        <RouterProvider initialPath={path}>
          <ToastProvider>
            <BookingProvider>
              <Layout origin={origin} />
            </BookingProvider>
          </ToastProvider>
        </RouterProvider>
      </FailedOnServerProvider>
    </QueryClientProvider>
  );
}

function Page({ route }: { route: Route }) {
  switch (route.name) {
    case 'home':
      return <HomePage />;
    case 'about':
      return <AboutPage />;
    case 'treatments':
      return <TreatmentsPage />;
    case 'treatment':
      return <TreatmentDetailPage key={route.slug} slug={route.slug} />;
    case 'blogs':
      return <BlogsPage />;
    case 'post':
      return <PostPage key={route.slug} slug={route.slug} />;
    case 'gallery':
      return <GalleryPage />;
    case 'contact':
      return <ContactPage />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** Keeps the document's title, description and canonical link in step with the page after navigations. */
function useHeadSync(route: Route, path: string, origin: string) {
  const dataPaths = routeDataPaths(route);
  const results = useQueries({ queries: dataPaths.map((p) => ({ queryKey: [p], enabled: false })) });
  const stamp = results.map((r) => r.dataUpdatedAt).join(',');
  useEffect(() => {
    const values = new Map(dataPaths.map((p, i) => [p, results[i]?.data]));
    applyHead(buildHead(route, path, (p) => values.get(p), origin), origin);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, stamp, origin]);
}

function Layout({ origin }: { origin: string }) {
  const { path } = useRouter();
  const route = matchRoute(path);
  useHeadSync(route, path, origin);
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
        <Page route={route} />
      </main>
      {chrome && <Footer />}
      {chrome && <FloatingButtons />}
    </>
  );
}
