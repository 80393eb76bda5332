#!/usr/bin/env node
// `node scripts/check-doc-links.mjs`: the decision records stay reachable. Until issue 38 every decision was a
// section of docs/decisions.md, and code comments cite them by name (`docs/decisions.md "One rule, one copy"`);
// the sections are now records in docs/adr/ and docs/decisions.md is a table from each old name to its record.
// This fails (exit 1, one line per problem) when:
//   - a name quoted after `decisions.md` anywhere in the repository is not in that table;
//   - a link of the table, of a record, of docs/adr/README.md or of CHANGELOG.md leads to no file or heading;
//   - a record is missing from the index in docs/adr/README.md, or the index lists one that does not exist;
//   - a record's number is used twice, or a `docs/adr/NNNN-….md` cited anywhere does not exist.
// shared/test/doc-citations.test.ts checks the other docs' pointers; this one only what the split made.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = path.relative(root, fileURLToPath(import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'data', 'coverage', 'test-results', 'playwright-report', '.git', 'out']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|ya?ml|conf|template|sql|html|css|sh|txt)$|(^|\/)Dockerfile[^/]*$/;
const problems = [];
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');
const lineOf = (text, offset) => text.slice(0, offset).split('\n').length;
const norm = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();

function repoFiles(dir = root, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(root, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.data-')) repoFiles(full, out);
    } else if (entry.isFile() && TEXT_FILE.test(rel) && !rel.endsWith('pnpm-lock.yaml')) out.push(rel);
  }
  return out;
}

/** GitHub's anchors of a Markdown file's headings (as shared/test/doc-citations.test.ts computes them). */
function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** Every relative Markdown link of `rel` leads to a file, and to a heading of it when it names one. */
function checkLinks(rel) {
  const text = read(rel);
  for (const m of text.matchAll(/\]\((?!https?:|mailto:)([^)#\s]+)(#[^)\s]+)?\)/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), m[1]));
    const at = `${rel}:${lineOf(text, m.index)}`;
    if (!fs.existsSync(path.join(root, target))) problems.push(`${at}: ${m[1]} does not exist`);
    else if (m[2] && target.endsWith('.md') && !anchorsOf(read(target)).has(m[2].slice(1))) problems.push(`${at}: ${target} has no heading ${m[2]}`);
  }
}

// The table of docs/decisions.md: old section name → where it went.
const table = read('docs/decisions.md');
const names = new Set();
for (const line of table.split('\n')) {
  const m = /^\|\s*([^|]+?)\s*\|\s*(.+?)\s*\|$/.exec(line);
  if (m && !/^-+$/.test(m[1]) && !m[1].startsWith('Section of')) names.add(norm(m[1]));
}
if (names.size < 40) problems.push(`docs/decisions.md: only ${names.size} section names in its table`);

// The records and their index.
const ADR_DIR = 'docs/adr';
const records = fs.readdirSync(path.join(root, ADR_DIR)).filter((f) => /^\d{4}-[a-z0-9-]+\.md$/.test(f));
const index = read(`${ADR_DIR}/README.md`);
const numbers = new Map();
for (const f of records) {
  const n = f.slice(0, 4);
  if (numbers.has(n)) problems.push(`${ADR_DIR}: number ${n} used by ${numbers.get(n)} and ${f}`);
  numbers.set(n, f);
  if (!index.includes(`](${f})`)) problems.push(`${ADR_DIR}/README.md: ${f} is not in the index`);
  if (!read(`${ADR_DIR}/${f}`).startsWith(`# ${n}. `)) problems.push(`${ADR_DIR}/${f}: its title does not start with "# ${n}. "`);
  checkLinks(`${ADR_DIR}/${f}`);
}
for (const rel of [`${ADR_DIR}/README.md`, 'docs/decisions.md', 'CHANGELOG.md']) checkLinks(rel);

// Every name quoted after decisions.md, and every record cited, anywhere in the repository.
const quoted = /^(?:\]\([^)]*\))?[)\],.]*\s*(?:,\s*)?((?:"[^"]+"(?:\s*(?:,|and)\s*)?)+)/;
for (const rel of repoFiles()) {
  if (rel === SELF || rel === 'docs/decisions.md') continue;
  const text = read(rel);
  for (const m of text.matchAll(/decisions\.md/g)) {
    // a quote may go on over a comment's next line: drop the line breaks and comment marks between
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 400).replace(/\n\s*(?:\/\/|\*|#)?\s*/g, ' ');
    const q = quoted.exec(after);
    if (!q) continue;
    for (const name of q[1].matchAll(/"([^"]+)"/g)) {
      if (!names.has(norm(name[1]))) problems.push(`${rel}:${lineOf(text, m.index)}: "${name[1]}" is not in docs/decisions.md's table`);
    }
  }
  for (const m of text.matchAll(/docs\/adr\/(\d{4}-[a-z0-9-]+\.md)/g)) {
    if (!records.includes(m[1])) problems.push(`${rel}:${lineOf(text, m.index)}: docs/adr/${m[1]} does not exist`);
  }
}

if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n${problems.length} problem(s)\n`);
  process.exit(1);
}
process.stdout.write(`${records.length} decision records, ${names.size} section names of docs/decisions.md: every citation leads somewhere\n`);
