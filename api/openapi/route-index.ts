import type Router from '@koa/router';
import { capabilities, type Capability } from '../../shared/constants/roles';
import { registeredRoutes } from './document';
import { PAGE_ROUTES, ROUTE_DOCS } from './route-docs';

// API-9: docs/requirements.md's index of every route, made from the routers and their one-line docs
// (api/openapi/route-docs.ts), so the file cannot fall behind the code: api/test/operations/openapi.test.ts
// compares it, and `npm run docs:routes` writes it again.

export const ROUTE_INDEX_START = '<!-- route index: written by `npm run docs:routes` -->';
export const ROUTE_INDEX_END = '<!-- end of the route index -->';

const who = (capability: string | undefined, session: boolean | undefined) => {
  if (capability) return (capabilities[capability as Capability]?.roles ?? []).join(', ');
  return session ? 'signed in' : 'anyone';
};

/** The index as markdown: one table per tag, in the order the tags first appear, routes by path then method. */
export function routeIndexMarkdown(routers: Router[]): string {
  const rows = registeredRoutes(routers)
    .filter((r) => !PAGE_ROUTES.has(`${r.method} ${r.path}`))
    .map((r) => ({ ...r, doc: ROUTE_DOCS[`${r.method} ${r.path}`] }))
    .filter((r) => r.doc);
  const tags = [...new Set(Object.values(ROUTE_DOCS).map((d) => d.tag))];
  const methodOrder = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  const sections = tags.map((tag) => {
    const lines = rows
      .filter((r) => r.doc.tag === tag)
      .sort((a, b) => a.path.localeCompare(b.path) || methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method))
      .map((r) => `  | \`${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}\` | ${who(r.capability, r.doc.session)} | ${r.doc.summary.replace(/\|/g, '\\|')} |`);
    return [`  ${tag}:`, '', '  | Call | Who | What |', '  |---|---|---|', ...lines].join('\n');
  });
  return [ROUTE_INDEX_START, ...sections.flatMap((s) => [s, '']), ROUTE_INDEX_END].join('\n');
}

/** The file with its index replaced. */
export function withRouteIndex(file: string, index: string): string {
  const start = file.indexOf(ROUTE_INDEX_START);
  const end = file.indexOf(ROUTE_INDEX_END);
  if (start < 0 || end < start) throw new Error('docs/requirements.md has no route index markers');
  return file.slice(0, start) + index + file.slice(end + ROUTE_INDEX_END.length);
}
