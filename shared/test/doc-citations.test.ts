// The repository explains itself with its own documents. Code and docs once pointed at a product spec and a
// design brief that live outside the repository (by file name and by numbered section); what the code relies
// on is now in docs/product.md and docs/architecture.md. This test scans every source, config and document
// of the repository and fails when such an outside citation comes back, or when a pointer into docs/ names a
// file, an anchor or a section heading that does not exist.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const SELF = path.relative(root, __filename).split(path.sep).join('/');

/** Folders that hold installed, built or generated output (as .gitignore says), never our own text. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'data', 'coverage', 'test-results', 'playwright-report', '.git']);
const SKIP_PATHS = new Set(['bench/out']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|conf|template|sql|html|css|sh|txt)$|(^|\/)(Dockerfile[^/]*|[^/]*\.dockerignore|\.env\.example|\.gitignore|\.npmrc)$/;
const SKIP_FILES = /(^|\/)pnpm-lock\.yaml$|\.tsbuildinfo$|\.log$/;

function repoFiles(dir = root, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.data-') || SKIP_PATHS.has(rel)) continue;
      repoFiles(full, out);
    } else if (entry.isFile() && TEXT_FILE.test(rel) && !SKIP_FILES.test(rel)) {
      out.push(rel);
    }
  }
  return out;
}

const files = repoFiles();
const texts = new Map(files.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')] as const));

/** Where each line starts, to turn an offset into a line number. */
function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/**
 * Citations of documents this repository does not contain. "spec" alone is no citation: Playwright calls its
 * test files specs, so "the spec" is only refused outside e2e/.
 */
const OUTSIDE: { what: string; re: RegExp; where?: (file: string) => boolean }[] = [
  { what: 'the design brief by file name', re: /\bDESIGN\.md\b/g },
  { what: 'the style guide by file name', re: /\bSTYLE\.md\b/g },
  { what: 'the product spec by file name', re: /\bspec\.md\b/gi },
  { what: 'a numbered section of the spec', re: /\bspec\s*§|§\s*\d/gi },
  { what: 'the spec', re: /\bthe spec\b(?!\s+file)/gi, where: (file) => !file.startsWith('e2e/') },
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2 … */
function anchorsOf(markdown: string): { anchors: Set<string>; titles: Set<string> } {
  const anchors = new Set<string>();
  const titles = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const title = (m[1] as string).trim();
    titles.add(title.toLowerCase());
    const plain = title.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return { anchors, titles };
}

const docCache = new Map<string, ReturnType<typeof anchorsOf> | null>();
function doc(rel: string) {
  if (!docCache.has(rel)) {
    const full = path.join(root, rel);
    docCache.set(rel, fs.existsSync(full) && fs.statSync(full).isFile() ? anchorsOf(fs.readFileSync(full, 'utf8')) : null);
  }
  return docCache.get(rel) ?? null;
}

/**
 * The documents whose sections code names by their heading ("docs/product.md "Stores", "Cart""): the two
 * written for this purpose. Other docs are named by file (and #anchor), which is checked for all of them.
 */
const SECTION_CHECKED = new Set(['docs/product.md', 'docs/architecture.md']);

interface Problem {
  at: string;
  cites: string;
  problem: string;
}

function checkDocPointers(): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of texts) {
    // docs/<name>.md, with an optional #anchor, then optionally one or more quoted section names.
    const pointer = /(?<![\w./-])docs\/([\w.-]+\.md)(#[\w-]+)?((?:,?\s+"[^"\n]+")(?:,\s*"[^"\n]+")*)?/g;
    for (const m of text.matchAll(pointer)) {
      const target = `docs/${m[1] as string}`;
      const at = `${file}:${lineOf(text, m.index)}`;
      const found = doc(target);
      if (!found) {
        problems.push({ at, cites: m[0], problem: `${target} does not exist` });
        continue;
      }
      const anchor = m[2]?.slice(1);
      if (anchor && !found.anchors.has(anchor)) problems.push({ at, cites: m[0], problem: `no heading of ${target} has the anchor #${anchor}` });
      if (m[3] && SECTION_CHECKED.has(target)) {
        for (const q of m[3].matchAll(/"([^"\n]+)"/g)) {
          const title = (q[1] as string).toLowerCase();
          if (!found.titles.has(title)) problems.push({ at, cites: m[0], problem: `${target} has no section "${q[1] as string}"` });
        }
      }
    }
    // Relative markdown links between the documents: [text](other.md#anchor).
    if (file.endsWith('.md')) {
      for (const m of text.matchAll(/\]\(([\w./-]+\.md)(#[\w-]+)?\)/g)) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string));
        const at = `${file}:${lineOf(text, m.index)}`;
        const found = doc(target);
        if (!found) problems.push({ at, cites: m[0], problem: `${target} does not exist` });
        else if (m[2] && !found.anchors.has(m[2].slice(1))) problems.push({ at, cites: m[0], problem: `no heading of ${target} has the anchor ${m[2]}` });
      }
    }
  }
  return problems;
}

describe('documents the repository cites', () => {
  it('scans the whole repository (sources, configs, docs)', () => {
    for (const expected of ['README.md', 'docs/product.md', 'docs/architecture.md', 'shared/src/routes.ts', 'api/src/config.ts', 'shell/server/files.ts', 'scripts/start.mjs', '.env.example', 'gateway/default.conf.template']) {
      expect(files).toContain(expected);
    }
    expect(files.some((f) => f.includes('node_modules/') || f.includes('/dist/'))).toBe(false);
  });

  it('cites no document that lives outside the repository', () => {
    const found: string[] = [];
    for (const [file, text] of texts) {
      if (file === SELF) continue; // the one file that spells the patterns out
      for (const { what, re, where } of OUTSIDE) {
        if (where && !where(file)) continue;
        for (const m of text.matchAll(re)) found.push(`${file}:${lineOf(text, m.index)}: "${m[0]}" (${what})`);
      }
    }
    // Each is a pointer to write instead into docs/product.md or docs/architecture.md and cite from there.
    expect(found).toEqual([]);
  });

  it('points only at docs that exist, at headings that exist', () => {
    expect(checkDocPointers()).toEqual([]);
  });

  it('recognises the pointers it checks', () => {
    const { anchors, titles } = anchorsOf('# Title\n## Regions, delivery and payment\n```sh\n# not a heading\n```\n## Shape\n## Shape\n');
    expect([...anchors]).toEqual(['title', 'regions-delivery-and-payment', 'shape', 'shape-1']);
    expect(titles.has('not a heading')).toBe(false);
    expect(titles.has('regions, delivery and payment')).toBe(true);
    // the patterns catch the citation forms they were written for
    const hits = (s: string) => OUTSIDE.filter(({ re }) => s.match(re)).map(({ what }) => what);
    expect(hits('see DESIGN.md "Shape"')).toEqual(['the design brief by file name']);
    expect(hits('(spec §4 Cart)')).toEqual(['a numbered section of the spec']);
    expect(hits('Spec §7: GET /api/x')).toEqual(['a numbered section of the spec']);
    expect(hits("keeps the spec's spellings")).toEqual(['the spec']);
    expect(hits('docs/product.md "Routes"')).toEqual([]);
  });
});
