import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryCache, type PagePayload } from './app/data';
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
const route = matchRoute(path);
const app = <App path={path} cache={cache} failed={new Set(payload.errors)} origin={payload.origin} />;

// The page's own code (and, on the contact page, the booking form) comes first, so the server's HTML is
// adopted as it is rather than replaced.
const needed: Promise<unknown>[] = [];
if (route.name !== 'not-found') needed.push(loadPage(route.name));
if (route.name === 'contact') needed.push(loadBookingForm());
void Promise.all(needed)
  .catch(() => {})
  // A pause between running the chunks and hydrating: two shorter tasks instead of one long one.
  .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  .then(() => {
    if (container.hasChildNodes()) hydrateRoot(container, app);
    else createRoot(container).render(app);
    // The page now answers clicks (the browser tests wait for this mark before they click).
    document.documentElement.dataset.hydrated = '';
  });
