import '../umask';
import fs from 'node:fs';
import path from 'node:path';
import { appRouters } from '../app';
import { loadConfig } from '../config';
import type { Deps } from '../deps';
import { routeIndexMarkdown, withRouteIndex } from '../openapi/route-index';
import { DEFAULT_PAGE_CACHE_LIMITS } from '../platform/page-cache';
import { PublicCache } from '../platform/public-cache';

// `npm run docs:routes`: writes docs/requirements.md's route index (API-9) from the routers. Building the
// routers opens nothing: a route reaches the database only when a request comes.
const file = path.resolve(import.meta.dirname, '../../docs/requirements.md');
const deps = { config: loadConfig({ ...process.env, NODE_ENV: 'development' }), cache: new PublicCache(DEFAULT_PAGE_CACHE_LIMITS) } as Deps;
fs.writeFileSync(file, withRouteIndex(fs.readFileSync(file, 'utf8'), routeIndexMarkdown(appRouters(deps))));
console.log(`docs/requirements.md: route index written`);
