import { en, type Catalogue } from './en';
import { hi } from './hi';
import { mr } from './mr';
import type { Lang } from './types';

// Every catalogue at once: for the server (the renderer's head and emails) and the tests. The public site's
// browser code never imports this module: it loads only the current language's catalogue (I18N-1).

export const catalogues: Record<Lang, Catalogue> = { en, mr, hi };
export type { Catalogue };
export * from './types';
