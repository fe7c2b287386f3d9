import { createRoot, hydrateRoot } from 'react-dom/client';
import { splitLangPath } from '../../../shared/i18n/types';
import { manageLanguage, managePath } from '../../../shared/schemas/manage-appointment';
import { App } from './app/app';
import { createQueryCache, type PagePayload } from './app/data';
import { loadCatalogue } from './app/i18n';
import { loadPage } from './app/pages';
import { matchRoute } from './app/routes';
import { loadBookingForm } from './booking/lazy-booking-form';

// Started by main.ts once the page has loaded and painted: read the data the server embedded, fetch the
// page's own code, then hydrate the server's HTML with the same tree.

const container = document.getElementById('root')!;
const embedded = document.getElementById('app-data')?.textContent;
const payload: PagePayload = embedded ? JSON.parse(embedded) : { data: {}, errors: [], origin: window.location.origin };

const cache = createQueryCache();
for (const [path, value] of Object.entries(payload.data)) cache.setData(path, value);

const path = window.location.pathname;
const { lang: pathLang, path: pagePath } = splitLangPath(path);
const route = matchRoute(pagePath);
// I18N-7: the personal link's page speaks the booking's language (from the embedded data, as the server did).
const lang = (route.name === 'manage' && manageLanguage(payload.data[managePath(route.token)])) || pathLang;

// The page's own code (and, on the contact page, the booking form) and the language's catalogue come
// first, so the server's HTML is adopted as it is rather than replaced.
const needed: Promise<unknown>[] = [];
if (route.name !== 'not-found') needed.push(loadPage(route.name));
if (route.name === 'contact') needed.push(loadBookingForm());
const catalogue = loadCatalogue[lang]();
void Promise.all(needed)
  .catch(() => {})
  .then(() => catalogue)
  // A pause between running the chunks and hydrating: two shorter tasks instead of one long one.
  .then((t) => new Promise<typeof t>((resolve) => setTimeout(() => resolve(t), 0)))
  .then((t) => {
    const app = <App path={path} cache={cache} failed={new Set(payload.errors)} origin={payload.origin} lang={lang} catalogue={t} />;
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
    // The page now answers clicks (the browser tests wait for this mark before they click).
    document.documentElement.dataset.hydrated = '';
  });
