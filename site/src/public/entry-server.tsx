import { renderToString } from 'react-dom/server';
import { findTreatment } from '../../../shared/constants/treatments';
import { catalogues } from '../../../shared/i18n/index';
import { localeOf, splitLangPath, type Lang } from '../../../shared/i18n/types';
import { isLiveManageData, manageLanguage, managePath } from '../../../shared/schemas/manage-appointment';
import { App } from './app/app';
import { createQueryCache, routeDataPaths, type PagePayload } from './app/data';
import { headTags, scriptJson } from './app/head';
import type { LazyPageName, PageModule } from './app/page-module';
import { registerPage } from './app/pages';
import { matchRoute } from './app/routes';
import { BookingForm } from './booking/booking-form';
import { registerBookingForm } from './booking/lazy-booking-form';
import { aboutPage } from './pages/about';
import { blogsPage } from './pages/blogs';
import { contactPage } from './pages/contact';
import { galleryPage } from './pages/gallery';
import { homePage } from './pages/home';
import { manageAppointmentPage } from './pages/manage-appointment';
import { notFoundPageHead } from './pages/not-found';
import { postPage } from './pages/post';
import { treatmentsPage } from './pages/treatments';

// The server renderer (SITE-19), built by `vite build --mode ssr` into site/dist/server/entry-server.js and
// loaded by api/render/. The server hands in `load`, which reads a public API path's data from the
// database; the page is rendered with it, and the data is embedded for the browser to hydrate with.

const pages: Record<LazyPageName, PageModule> = {
  home: homePage,
  about: aboutPage,
  treatments: treatmentsPage,
  treatment: treatmentsPage,
  blogs: blogsPage,
  post: postPage,
  gallery: galleryPage,
  contact: contactPage,
  manage: manageAppointmentPage,
};
for (const [name, module] of Object.entries(pages)) registerPage(name as LazyPageName, module);
registerBookingForm(BookingForm);

export interface RenderInput {
  /** The request's path (and query). */
  url: string;
  /** config.publicUrl, for canonical links and Open Graph. */
  origin: string;
  /** The value GET {path} would answer; null for a post that is not published; throws when the read fails. */
  load: (path: string) => Promise<unknown>;
}

export interface RenderOutput {
  status: number;
  head: string;
  html: string;
  /** JSON for <script type="application/json" id="app-data">, already safe inside a script element. */
  payload: string;
  /** The page's language (I18N-1): the code and its Indian locale, for <html lang>. */
  lang: Lang;
  htmlLang: string;
}

export async function render({ url, origin, load }: RenderInput): Promise<RenderOutput> {
  const fullPath = new URL(url, 'http://localhost').pathname;
  // /mr/... and /hi/... are the same pages in Marathi and Hindi; every other path is English.
  const { lang: pathLang, path: pathname } = splitLangPath(fullPath);
  const route = matchRoute(pathname);
  const data: Record<string, unknown> = {};
  const errors: string[] = [];
  // Read together, written in the route's order: the same data always makes the same bytes (one ETag, and
  // a kept page equal to a fresh render, SITE-27), whichever read answers first.
  const reads = await Promise.allSettled(routeDataPaths(route).map(async (p) => ({ p, value: await load(p) })));
  routeDataPaths(route).forEach((p, i) => {
    const read = reads[i];
    if (read.status === 'fulfilled') data[p] = read.value.value;
    else errors.push(p);
  });

  // I18N-7: the personal link's page speaks the booking's language, whatever the address (start.tsx does the same).
  const lang = (route.name === 'manage' && manageLanguage(data[managePath(route.token)])) || pathLang;
  const catalogue = catalogues[lang];

  const cache = createQueryCache();
  for (const [p, v] of Object.entries(data)) cache.setData(p, v);
  const html = renderToString(
    <App path={fullPath} cache={cache} failed={new Set(errors)} origin={origin} lang={lang} catalogue={catalogue} />,
  );
  cache.clear();

  let status = 200;
  if (route.name === 'not-found' || (route.name === 'treatment' && !findTreatment(route.slug))) status = 404;
  if (route.name === 'post' && data[routeDataPaths(route)[0]] === null) status = 404;
  // UI-11: an expired or unknown link's page says so, as a 404.
  if (route.name === 'manage' && !isLiveManageData(data[routeDataPaths(route)[0]])) status = 404;
  // A failed database read: the page says so (or 'Article Not Found'), and crawlers are told to come back.
  if (errors.length > 0) status = 503;

  const buildHead = route.name === 'not-found' ? notFoundPageHead : pages[route.name].head;
  const head = buildHead(route, pathname, (p) => data[p], origin, { lang, t: catalogue });
  const payload: PagePayload = { data, errors, origin };
  return { status, head: headTags(head, origin, lang), html, payload: scriptJson(payload), lang, htmlLang: localeOf[lang] };
}
