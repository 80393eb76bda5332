/**
 * The contract is generated from the routes: docs/openapi.json and the browser client's types
 * (shared/src/api/openapi.ts) must be what `pnpm contract` makes of the current code, the document
 * served at /api/openapi.json is the same, and every route says who may call it and what it answers.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { z } from 'zod';
import { contractFiles, renderContract } from '../src/http/contract-files.js';
import { type ZodTypeProvider, openApiPath, registerContract, responseSerializer } from '../src/http/contract.js';
import { zodValidatorCompiler } from '../src/http/validation.js';
import { type TestApp, createTestApp, documentedRoutes } from './helpers.js';

describe('the generated contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  }, 60_000);
  afterAll(async () => t.close());

  test('docs/openapi.json and shared/src/api/openapi.ts are up to date (run `pnpm contract`)', async () => {
    const { document, types } = await renderContract();
    expect(fs.readFileSync(contractFiles.document, 'utf8')).toBe(document);
    expect(fs.readFileSync(contractFiles.types, 'utf8')).toBe(types);
  }, 60_000);

  test("docs/api.md's route table names exactly the operations of the document, with their access and roles", () => {
    const documented = documentedRoutes().map((line) => {
      const [method, url, ...rest] = line.split(' ');
      return [method, openApiPath(url!), ...rest].join(' ');
    });
    const spec = JSON.parse(fs.readFileSync(contractFiles.document, 'utf8')) as { paths: Record<string, Record<string, { 'x-access': string; 'x-roles'?: string[] }>> };
    const generated = Object.entries(spec.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op['x-access']}${op['x-roles'] ? ` ${op['x-roles'].join(', ')}` : ''}`),
    );
    expect(documented.sort()).toEqual(generated.sort());
  });

  test('GET /api/openapi.json serves the same document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(fs.readFileSync(contractFiles.document, 'utf8')));
  });

  /** The operations that answer no JSON body, so have no answer schema to declare. */
  const NO_JSON_ANSWER = [
    'get /', // a short HTML page pointing to docs/api.md
    'get /api/openapi.json', // this document itself
    'get /media/{path}', // stored pictures
    'get /media/catalog/{path}', // catalogue pictures (image/webp)
    'get /api/sandbox/payme', // the sandbox's HTML stand-ins for the providers' pages…
    'post /api/sandbox/payme', // …(HTML, or a 303 redirect to the storefront)
    'get /api/sandbox/click',
    'post /api/sandbox/click',
    'post /api/admin/auth/logout', // 204
    'post /api/admin/staff/{id}/end-sessions', // 204
    'get /api/admin/catalog/export', // the catalogue as CSV (text/csv)
  ];

  test('every route that answers JSON declares its 2xx answer, and every operation its access', () => {
    const doc = t.app.openApi();
    const operations: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Record<string, { 'x-access'?: string; responses: Record<string, unknown> }>)) {
        operations.push(`${method} ${path}`);
        expect([method, path, typeof op['x-access']]).toEqual([method, path, 'string']);
        if (NO_JSON_ANSWER.includes(`${method} ${path}`)) continue;
        expect([method, path, Object.keys(op.responses).some((status) => /^2\d\d$/.test(status))]).toEqual([method, path, true]);
      }
    }
    // The exceptions are real routes (a route renamed or removed leaves no stale exception behind).
    expect(NO_JSON_ANSWER.filter((op) => !operations.includes(op))).toEqual([]);
  });
});

describe('answers are checked against their schema', () => {
  async function appAnswering(body: unknown, strict: boolean, warnings: string[] = []) {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(responseSerializer({ strict, warn: (err) => warnings.push(err.message) }));
    registerContract(app);
    app.get('/thing', { config: { access: 'public' }, schema: { response: { 200: z.object({ id: z.number(), name: z.string() }) } } }, async () => body as never);
    await app.ready();
    return app;
  }

  test('an answer outside its schema fails the request in tests (strict) and is logged, yet sent, otherwise', async () => {
    const strict = await appAnswering({ id: 'seven', name: 'x' }, true);
    expect((await strict.inject({ url: '/thing' })).statusCode).toBe(500);
    const warnings: string[] = [];
    const lenient = await appAnswering({ id: 'seven', name: 'x' }, false, warnings);
    const res = await lenient.inject({ url: '/thing' });
    expect(res.json()).toEqual({ id: 'seven', name: 'x' });
    expect(warnings[0]).toMatch(/GET \/thing 200 answered outside its response schema: id:/);
  });

  test('a matching answer goes out as the handler built it, extra keys included', async () => {
    const app = await appAnswering({ id: 7, name: 'Tefal', extra: true }, true);
    expect((await app.inject({ url: '/thing' })).json()).toEqual({ id: 7, name: 'Tefal', extra: true });
  });
});

describe('named schemas', () => {
  test('a schema named with .meta({ id }) (a recursive one must be) is one component that the operations point to', async () => {
    interface Node {
      id: number;
      children: Node[];
    }
    const node: z.ZodType<Node, Node> = z.object({
      id: z.number(),
      get children() {
        return z.array(node);
      },
    }).meta({ id: 'TestNode' });
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(responseSerializer({ strict: true, warn: () => undefined }));
    registerContract(app);
    app.get('/tree', { config: { access: 'public' }, schema: { response: { 200: z.object({ data: z.array(node) }) } } }, async () => ({ data: [{ id: 1, children: [{ id: 2, children: [] }] }] }));
    app.get('/node', { config: { access: 'public' }, schema: { response: { 200: node } } }, async () => ({ id: 3, children: [] }));
    await app.ready();
    const doc = app.openApi();
    expect(doc.components.schemas).toEqual({
      TestNode: {
        type: 'object',
        properties: { id: { type: 'number' }, children: { type: 'array', items: { $ref: '#/components/schemas/TestNode' } } },
        required: ['id', 'children'],
        additionalProperties: false,
      },
    });
    const answer = (path: string) => (doc.paths[path]?.get as { responses: Record<string, { content: Record<string, { schema: unknown }> }> }).responses['200']!.content['application/json']!.schema;
    expect(answer('/tree')).toMatchObject({ properties: { data: { items: { $ref: '#/components/schemas/TestNode' } } } });
    expect(answer('/node')).toEqual({ $ref: '#/components/schemas/TestNode' });
    expect(JSON.stringify(doc)).not.toContain('$defs');
    expect((await app.inject({ url: '/tree' })).statusCode).toBe(200);
  });
});
