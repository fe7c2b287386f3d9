import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient, type PagePayload } from './app/data';
import { matchRoute } from './app/routes';
import { loadBookingForm } from './booking/lazy-booking-form';
import './styles.css';

// The browser entry: read the data the server embedded, then hydrate the server's HTML with the same tree.

const container = document.getElementById('root')!;
const embedded = document.getElementById('app-data')?.textContent;
const payload: PagePayload = embedded ? JSON.parse(embedded) : { data: {}, errors: [], origin: window.location.origin };

const queryClient = createQueryClient();
for (const [path, value] of Object.entries(payload.data)) queryClient.setQueryData([path], value);

const path = window.location.pathname;
const app = <App path={path} queryClient={queryClient} failed={new Set(payload.errors)} origin={payload.origin} />;

// The contact page shows the booking form at once: its chunk is fetched before hydrating, so the server's
// form is adopted as it is rather than replaced. (It is not preloaded from <head>: fetched that early it
// competes with the first paint on a slow connection, and the page reads fine while it arrives.)
const ready =
  matchRoute(path).name === 'contact'
    ? loadBookingForm()
        .catch(() => {})
        // A pause between running the chunk and hydrating: two shorter tasks instead of one long one.
        .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    : Promise.resolve();
void ready.then(() => {
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
  // The page now answers clicks (the browser tests wait for this mark before they click).
  document.documentElement.dataset.hydrated = '';
});
