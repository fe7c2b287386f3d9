import type Router from '@koa/router';
import { z } from 'zod';
import { declaredCapability } from '../middleware/capability';
import { SESSION_COOKIE } from '../middleware/session';
import { PAGE_ROUTES, ROUTE_DOCS, type RouteDoc } from './route-docs';
import { CLINICAL_MARK, holdsClinical } from '../../shared/schemas/clinical-read';

/** The first clinical mark's text in a JSON Schema. */
function findMark(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return undefined;
  if (CLINICAL_MARK in schema) return (schema as Record<string, unknown>)[CLINICAL_MARK];
  for (const v of Object.values(schema)) {
    const found = findMark(v);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A route as a router registered it: 'GET', '/api/admin/patients/:id', and its middleware. */
export interface RegisteredRoute {
  method: string;
  path: string;
  capability?: string;
}

/** Every route the routers hold (HEAD mirrors GET and is left out), with the capability it declares (AUTH-8). */
export function registeredRoutes(routers: Router[]): RegisteredRoute[] {
  return routers.flatMap((router) =>
    router.stack
      .filter((layer) => layer.methods.length > 0)
      .flatMap((layer) => {
        const capability = layer.stack.map((m) => declaredCapability(m)).find(Boolean);
        return layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path), capability }));
      }),
  );
}

type JsonSchema = Record<string, unknown>;

/** JSON Schema of a shared zod schema, as the request (input) or the answer (output) sees it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema spelling: the checks stay in the server, the shape shows.
  const out = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } } },
};

/** '/api/admin/patients/:id' -> '/api/admin/patients/{id}' and its path parameters. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const out = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: out, params };
}

function operation(route: RegisteredRoute, doc: RouteDoc, params: string[]): JsonSchema {
  const responses: JsonSchema = {};
  const okStatus = route.method === 'POST' && doc.body && doc.response ? '201' : '200';
  if (doc.produces) {
    // A document's `response` says what it holds: a clinical one (an estimate, the FHIR record) keeps the mark (DATA-10).
    const holds = doc.response ? jsonSchema(doc.response, 'output') : null;
    const mark = holds && holdsClinical(holds) ? { [CLINICAL_MARK]: String(findMark(holds)) } : {};
    responses[okStatus] = { description: 'OK', content: { [doc.produces]: { schema: { type: 'string', format: 'binary', ...mark } } } };
  } else {
    const item = doc.response ? jsonSchema(doc.response, 'output') : { type: 'object' };
    responses[okStatus] = { description: 'OK', content: { 'application/json': { schema: doc.list ? { type: 'array', items: item } : item } } };
  }
  const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  if (doc.body || params.length > 0 || doc.query) responses['400'] = error('Invalid input: `error` says what, `fields` which field');
  const secured = Boolean(route.capability || doc.session);
  if (secured) responses['401'] = error('No session');
  if (route.capability) responses['403'] = error(`The role lacks the capability "${route.capability}"`);
  if (params.length > 0) responses['404'] = error('Not found');
  responses['500'] = error('Something went wrong; the answer quotes a reference to find in the server log');

  const op: JsonSchema = {
    operationId: `${route.method.toLowerCase()} ${route.path}`,
    summary: doc.summary,
    tags: [doc.tag],
    responses,
  };
  if (route.capability) {
    op.description = `Needs the capability \`${route.capability}\` (shared/constants/roles.ts).`;
    op['x-capability'] = route.capability;
  }
  if (secured) op.security = [{ session: [] }];
  const parameters = [
    ...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...(doc.query ?? []).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  if (doc.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(doc.body, 'input') } } };
  return op;
}

/**
 * API-8: the OpenAPI 3.1 document of the routes the app mounts, with the request bodies' JSON Schemas
 * generated from the shared zod schemas (zod's own toJSONSchema, no copies by hand). A mounted route
 * without a line in ROUTE_DOCS is still listed (summary: its own name), and the test fails on it.
 */
export function openApiDocument(routers: Router[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of registeredRoutes(routers)) {
    const key = `${route.method} ${route.path}`;
    if (PAGE_ROUTES.has(key)) continue;
    const doc = ROUTE_DOCS[key] ?? { summary: key, tag: 'Undocumented' };
    const { path, params } = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, doc, params);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Smile Care Dental Clinic API',
      version,
      description:
        'The REST API of the clinic website, admin back office and desktop app. Errors answer `{ "error": "..." }`. ' +
        'Admin routes need the session cookie from POST /api/auth/login and the capability each one names.',
    },
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}
