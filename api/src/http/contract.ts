// The API's contract lives in its routes: each declares zod schemas for what it takes (body, querystring,
// params) and what it answers (`response: {200: …}`). From those one OpenAPI document is built
// (`GET /api/openapi.json`, docs/openapi.json), and from that the browser client's types
// (shared/src/api/openapi.ts, `pnpm contract`). A test fails when either file is behind the routes.
import { type FastifyInstance, type FastifySchema, type FastifySerializerCompiler, type FastifyTypeProvider } from 'fastify';
import { type ZodType, z } from 'zod';
import { type Access } from './access.js';

/** Lets handlers see their parsed zod input types and check their answers against the response schema. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}

/** An answer that does not match its declared schema: the contract and the code disagree. */
export class ResponseContractError extends Error {
  constructor(readonly route: string, readonly issues: z.core.$ZodIssue[]) {
    super(`${route} answered outside its response schema: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'ResponseContractError';
  }
}

/**
 * Answers are checked against their schema and sent as the handler built them (zod would drop unknown
 * keys; the contract documents, it does not reshape). `strict` (tests) turns a mismatch into a failed
 * request so the test that hit it fails; otherwise the mismatch is logged and the answer still goes out:
 * a shopper never pays for a documentation gap.
 */
export function responseSerializer(options: { strict: boolean; warn: (err: ResponseContractError) => void }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      const result = schema.safeParse(data);
      if (!result.success) {
        const err = new ResponseContractError(`${method} ${url} ${httpStatus}`, result.error.issues);
        if (options.strict) throw err;
        options.warn(err);
      }
      return JSON.stringify(data);
    };
}

interface ContractRoute {
  methods: string[];
  url: string;
  schema: FastifySchema | undefined;
  /** Read when the document is built: a plugin's own onRoute hook may set it after ours ran (/media/*). */
  options: { config?: { access?: Access; roles?: readonly string[]; summary?: string } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One line for the OpenAPI document. */
    summary?: string;
  }
  interface FastifyInstance {
    /** The OpenAPI document of every route registered so far (complete once the app is ready). */
    openApi: () => OpenApiDocument;
  }
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas?: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** Collects the routes as they are added; `app.openApi()` builds the document from them. */
export function registerContract(app: FastifyInstance): void {
  const routes: ContractRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) return;
    routes.push({
      methods: [route.method].flat().filter((m) => m !== 'HEAD'),
      url: route.url,
      schema: route.schema,
      options: route,
    });
  });
  let built: OpenApiDocument | undefined;
  app.decorate('openApi', () => (built ??= buildDocument(routes)));
}

const SECURITY: Record<Access, Array<Record<string, string[]>> | undefined> = {
  public: undefined,
  catalogue: [{ catalogueKey: [] }],
  customer: [{ bearer: [] }, { sessionCookie: [] }],
  'customer:self': [{ bearer: [] }, { sessionCookie: [] }],
  provider: undefined,
  staff: [{ staffBearer: [] }],
  ops: [{ opsSecret: [] }],
};

function buildDocument(routes: ContractRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Components = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    for (const method of route.methods) {
      (paths[path] ??= {})[method.toLowerCase()] = operation(route, schemas);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Bozor API',
      version: '1',
      description: 'Generated from the routes of api/src (pnpm contract). Prose, errors and rules: docs/api.md.',
    },
    paths,
    components: {
      ...(Object.keys(schemas).length > 0 ? { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) } : {}),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: "A shopper's session token (POST /api/auth/verify-otp)." },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'bozor_session' },
        catalogueKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY', description: 'Added by the gateways; opens the catalogue only.' },
        staffBearer: { type: 'http', scheme: 'bearer', description: "A staff session token (POST /api/admin/auth/verify-otp)." },
        opsSecret: { type: 'apiKey', in: 'header', name: 'X-Ops-Secret', description: 'DATA_DIR/ops.secret; refused through the gateways.' },
      },
    },
  };
}

/** `/api/orders/:tid` → `/api/orders/{tid}`; a trailing wildcard becomes `{path}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{path}');
}

function operation(route: ContractRoute, schemas: Components): Record<string, unknown> {
  const schema = route.schema ?? {};
  const { access, roles, summary } = route.options.config ?? {};
  const op: Record<string, unknown> = {};
  if (summary) op.summary = summary;
  op['x-access'] = access;
  if (roles) op['x-roles'] = [...roles];
  const security = access ? SECURITY[access] : undefined;
  if (security) op.security = security;
  const parameters = [
    ...parametersOf(schema.params, 'path', schemas),
    ...parametersOf(schema.querystring, 'query', schemas),
    ...wildcardParameter(route.url, schema.params),
  ];
  if (parameters.length > 0) op.parameters = parameters;
  if (isZod(schema.body)) {
    op.requestBody = { required: !schema.body.safeParse(undefined).success, content: { 'application/json': { schema: jsonSchema(schema.body, 'input', schemas) } } };
  }
  op.responses = responsesOf(schema.response, schemas);
  return op;
}

function responsesOf(response: unknown, schemas: Components): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (response && typeof response === 'object') {
    for (const [status, schema] of Object.entries(response as Record<string, unknown>)) {
      if (!isZod(schema)) continue;
      out[status] = { description: describeStatus(status), content: { 'application/json': { schema: jsonSchema(schema, 'output', schemas) } } };
    }
  }
  if (Object.keys(out).length === 0) out.default = { description: 'See docs/api.md.' };
  return out;
}

function describeStatus(status: string): string {
  if (status === '200') return 'OK';
  if (status === '201') return 'Created';
  if (status === '202') return 'Accepted';
  if (status === '204') return 'No content';
  if (status === '503') return 'Service unavailable';
  return status;
}

function parametersOf(schema: unknown, where: 'path' | 'query', schemas: Components): unknown[] {
  if (!isZod(schema)) return [];
  const json = jsonSchema(schema, 'input', schemas) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** `/media/*` has no params schema; its `{path}` still needs declaring. */
function wildcardParameter(url: string, params: unknown): unknown[] {
  if (!url.endsWith('*') || isZod(params)) return [];
  return [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }];
}

/** Named schemas shared by the operations (`components.schemas`). */
type Components = Record<string, unknown>;

/**
 * A zod schema as JSON Schema. The schemas named with `.meta({ id })` (and a recursive one must be: the
 * category tree) come out as `$defs`; they move to `components.schemas`, where the operations' `$ref`s
 * then point, so every operation sees one definition of each.
 */
function jsonSchema(schema: ZodType, io: 'input' | 'output', components: Components): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  const defs = json.$defs as Record<string, unknown> | undefined;
  delete json.$defs;
  for (const [name, def] of Object.entries(defs ?? {})) {
    if (name.startsWith('__schema')) throw new Error(`A recursive schema needs a name for the contract: .meta({ id: '…' }) (${JSON.stringify(def).slice(0, 120)}…)`);
    const moved = toComponentRefs(def);
    // The same name from another schema, or the same schema read as input and as output, would be ambiguous.
    if (components[name] !== undefined && !sameJson(components[name], moved)) throw new Error(`Two different schemas are named ${name} in the contract`);
    components[name] = moved;
  }
  return toComponentRefs(json) as Record<string, unknown>;
}

/** `#/$defs/Name` → `#/components/schemas/Name`. */
function toComponentRefs(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as unknown;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function isZod(value: unknown): value is ZodType {
  return value instanceof z.ZodType;
}
