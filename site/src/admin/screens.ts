import { screenAt, screenNames, screenTable, type ScreenName } from './screen-table';

// Each admin screen's code is its own chunk (routes.tsx renders it once loaded). When the admin starts on
// a screen, main.tsx fetches that screen's chunk together with the rest of the admin, and mount.tsx
// renders only once it is there: a screen that suspends on the first render is revealed up to 300 ms
// late (React throttles the reveal of suspended content), which the 50,000-patient timings showed.

// One lazy import per page file (Vite makes each its own chunk). The sign-in, not-found and forbidden pages
// are part of the admin's core (routes.tsx imports them), not screens.
const pageModules = import.meta.glob<Record<string, unknown>>([
  './pages/*-page.tsx',
  '!./pages/login-page.tsx',
  '!./pages/not-found-page.tsx',
  '!./pages/forbidden-page.tsx',
]);

const loaded = new Map<ScreenName, Record<string, unknown>>();

// zod is set up (jitless, for the CSP) before a screen's module builds its schemas: main.tsx may load a
// screen before mount.tsx has run, and a schema built earlier would try `new Function` (a CSP report).
const zodReady = () => import('./zod-setup');

function loader(name: ScreenName): () => Promise<Record<string, unknown>> {
  const load = pageModules[`./pages/${screenTable[name].page}.tsx`];
  if (!load) throw new Error(`The admin screen ${name} has no page file pages/${screenTable[name].page}.tsx`);
  return () =>
    zodReady()
      .then(load)
      .then((module) => {
        loaded.set(name, module);
        return module;
      });
}

export const screens = Object.fromEntries(screenNames.map((name) => [name, loader(name)])) as Record<
  ScreenName,
  () => Promise<Record<string, unknown>>
>;

/** The screen's module if its chunk has arrived, else undefined. */
export function loadedScreen(name: ScreenName): Record<string, unknown> | undefined {
  return loaded.get(name);
}

/** Starts loading the screen at `path` (nothing for a path without one); resolves when it is there or failed. */
export function preloadScreenAt(path: string): Promise<void> {
  const name = screenAt(path);
  return name ? screens[name]().then(() => undefined, () => undefined) : Promise.resolve();
}
