import { useEffect, useReducer } from 'react';
import type { LazyPageName, PageModule } from './page-module';
import { splitLangPath } from '../../../../shared/i18n/types';
import { matchRoute } from './routes';

// Each page is its own chunk, so a visitor downloads the code of the page they open and not the others'
// (the treatment catalogue, the gallery, the blog). The server has every page at hand; the browser loads
// the page it lands on before hydrating (start.tsx), and another page's code when a link to it is pointed
// at, touched or focused (the router calls prefetchPath, handed to it by app.tsx), a moment before the click.

const loaders: Record<LazyPageName, () => Promise<PageModule>> = {
  home: () => import('../pages/home').then((m) => m.homePage),
  about: () => import('../pages/about').then((m) => m.aboutPage),
  treatments: () => import('../pages/treatments').then((m) => m.treatmentsPage),
  treatment: () => import('../pages/treatments').then((m) => m.treatmentsPage),
  blogs: () => import('../pages/blogs').then((m) => m.blogsPage),
  post: () => import('../pages/post').then((m) => m.postPage),
  gallery: () => import('../pages/gallery').then((m) => m.galleryPage),
  contact: () => import('../pages/contact').then((m) => m.contactPage),
  manage: () => import('../pages/manage-appointment').then((m) => m.manageAppointmentPage),
};

const loaded: Partial<Record<LazyPageName, PageModule>> = {};
const pending: Partial<Record<LazyPageName, Promise<PageModule>>> = {};

export function loadPage(name: LazyPageName): Promise<PageModule> {
  pending[name] ??= loaders[name]().then(
    (m) => (loaded[name] = m),
    (err: unknown) => {
      delete pending[name];
      throw err;
    },
  );
  return pending[name];
}

/** The server renders synchronously: it hands every page over before the first render. */
export function registerPage(name: LazyPageName, module: PageModule): void {
  loaded[name] = module;
}

export function loadedPage(name: LazyPageName): PageModule | undefined {
  return loaded[name];
}

/** Starts fetching the code of the page a link leads to (nothing for an unknown path). */
export function prefetchPath(path: string): void {
  const { name } = matchRoute(splitLangPath(new URL(path, 'http://localhost').pathname).path);
  if (name !== 'not-found') loadPage(name).catch(() => {});
}

/** The page module for a route: at once when loaded, else after its chunk arrives ('failed' if it cannot). */
export function usePageModule(name: LazyPageName | null): PageModule | 'loading' | 'failed' | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useReducer((_: boolean, v: boolean) => v, false);
  const module = name ? loaded[name] : undefined;
  useEffect(() => {
    if (module || !name) return;
    let live = true;
    setFailed(false);
    loadPage(name).then(
      () => live && rerender(),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [name, module]);
  if (!name) return null;
  if (module) return module;
  return failed ? 'failed' : 'loading';
}
