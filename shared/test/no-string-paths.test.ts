/** @jest-environment node */
// Every API call of the pages goes through the one operation-keyed client (src/api/client.ts, issue 38):
// `api.get('/api/orders/{tid}', { path: { tid } })`, its path a template of the contract, checked by the type
// checker with its parameters, query, body and answer. A path written into a string by hand — the old
// `request('GET', `/api/orders/${n}`)`, a fetch of an API address, a prefix constant a path is glued onto —
// is checked by nothing, so none is left in the source folders below.
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../..');

/** The source folders scanned. */
const FOLDERS = ['shared/src', 'mf-catalog/src', 'mf-cart/src', 'mf-checkout/src', 'mf-account/src', 'shell/src', 'admin/src'];

/**
 * Files that may write API paths as strings: the client itself, which fills the templates it is given, and the
 * generated contract. (The shell's own addresses — /remotes.json, /_client-log, the service worker's, /media/
 * pictures — are not API calls and match none of the patterns below.)
 */
const EXEMPT = new Set(['shared/src/api/client.ts', 'shared/src/api/url.ts', 'shared/src/api/openapi.ts']);

/** A string literal whose text starts with an API path: `'/api/…'`, `"/backend/…"`, `` `/api/…` ``. */
const PATH_LITERAL = /(['"`])\/(?:api|backend)\/[^'"`]*?\1?/g;

/**
 * What may stand right before such a literal: the client's calls and `apiUrl` (the literal is then a
 * template of the contract, typed), and the contract's types of an operation.
 */
const TYPED_PLACE = /(?:\.(?:get|post|put|patch|delete|download)\(\s*|\.call\(\s*'[a-z]+',\s*|\bapiUrl\(\s*|\b(?:Answer|Body|Query|PathParams|CallOptions)<\s*)$/;

/** The old helper's call: a method name and then a path. */
const REQUEST_CALL = /\brequest\s*(?:<[^()]*?>)?\s*\(\s*['"`](?:GET|POST|PUT|PATCH|DELETE)['"`]/gi;

/** A fetch of an API address, whatever builds it. */
const API_FETCH = /\bfetch\s*\([^)]*\/(?:api|backend)\//g;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The source without its comments (which name paths freely), line numbers kept. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Each string-path call of one file, as `file:line: text`. */
function stringPathsOf(file: string): string[] {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return EXEMPT.has(relative) ? [] : stringPaths(relative, fs.readFileSync(file, 'utf8'));
}

/** Each string-path call of a source text. */
function stringPaths(relative: string, text: string): string[] {
  const source = withoutComments(text);
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  const found: string[] = [];
  for (const m of source.matchAll(PATH_LITERAL)) {
    const before = source.slice(Math.max(0, m.index - 80), m.index);
    const built = m[1] === '`' && /\$\{/.test(source.slice(m.index, source.indexOf('`', m.index + 1)));
    if (!TYPED_PLACE.test(before) || built) found.push(`${relative}:${lineOf(m.index)}: ${m[0]}`);
  }
  for (const pattern of [REQUEST_CALL, API_FETCH]) for (const m of source.matchAll(pattern)) found.push(`${relative}:${lineOf(m.index)}: ${m[0]}`);
  return found;
}

describe('no string-path API calls outside the client', () => {
  it.each(FOLDERS)('%s calls the API only through operations of the contract', (folder) => {
    const files = sourceFiles(path.join(root, folder));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap(stringPathsOf)).toEqual([]);
  });

  it('finds the old kinds of call it is there to refuse, and lets the typed ones and comments be', () => {
    const samples = [
      "api.request<Answer<'/api/orders', 'get'>>('GET', `/api/orders?page=${page}`);",
      "api.request('DELETE', '/api/profile/favourites/1');",
      "const CATALOG = '/backend/api/ext/v1';",
      "api.get(`/api/orders/${number}`);",
      "fetch(base + '/api/auth/user');",
    ];
    for (const sample of samples) expect({ sample, found: stringPaths('probe.ts', sample).length > 0 }).toEqual({ sample, found: true });
    const typed = [
      "api.get('/api/orders/{tid}', { path: { tid } });",
      "api.call('post', '/api/orders/', { body });",
      "apiUrl('/api/store/stores', 'get');",
      "type A = Answer<'/api/orders', 'get'>;",
      '// GET /api/orders/{number}: one order',
      "/** `request('GET', '/api/orders')` was the old way */",
    ];
    expect(typed.flatMap((sample) => stringPaths('probe.ts', sample))).toEqual([]);
  });
});
