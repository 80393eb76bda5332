/**
 * @jest-environment node
 */
// react-router is an MF shared singleton tree-shaken to the exports in react-router-exports.json: the
// shell's copy keeps only those, and every remote gets the shell's copy. A remote that imports any other
// export would find `undefined` at run time, in production only. This test makes it a CI failure: it
// scans the source of every package that is built into a browser bundle.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import keptExports from '../react-router-exports.json';

const ROOT = path.resolve(__dirname, '../..');

export interface RouterImportProblem {
  file: string;
  problem: string;
}

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
// ssr.tsx: the server entries (Node builds with the whole react-router, never a browser bundle)
const NOT_BUNDLED = /(\.test\.|\.spec\.|\.d\.ts$|(^|\/)ssr\.tsx$)/;

/** The folders whose code ends up in a browser bundle: shell/src, each remote's src and dev, shared/src. */
function bundledSourceDirs(root: string): string[] {
  const dirs = [path.join(root, 'shell/src'), path.join(root, 'shared/src')];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith('mf-')) continue;
    dirs.push(path.join(root, entry.name, 'src'), path.join(root, entry.name, 'dev'));
  }
  return dirs.filter((d) => fs.existsSync(d));
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__tests__') out.push(...sourceFiles(full));
    } else if (SOURCE.test(entry.name) && !NOT_BUNDLED.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * What one file takes from react-router: the value names it imports or re-exports (type-only imports
 * are erased by the compiler and do not count), and the forms that cannot be checked by name.
 */
export function routerImports(source: string): { names: string[]; unchecked: string[] } {
  const names: string[] = [];
  const unchecked: string[] = [];
  const fromRouter = /\b(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*['"](react-router(?:\/[^'"]*)?)['"]/g;
  for (const m of source.matchAll(fromRouter)) {
    const [, , typeOnly, clause = '', specifier = ''] = m;
    if (specifier !== 'react-router') {
      unchecked.push(`import from "${specifier}" (a subpath is not the shared singleton)`);
      continue;
    }
    if (typeOnly) continue;
    const braces = /\{([^}]*)\}/.exec(clause);
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, ' ').trim();
    if (outside) unchecked.push(`${m[1]} ${outside} from "react-router" (namespace or default)`);
    if (!braces) continue;
    for (const raw of (braces[1] ?? '').split(',')) {
      const spec = raw.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const name = spec.split(/\s+as\s+/)[0]?.trim();
      if (name) names.push(name);
    }
  }
  // side-effect imports, dynamic imports and require() take the whole module: cannot be checked by name
  for (const m of source.matchAll(/\bimport\s*['"](react-router(?:\/[^'"]*)?)['"]|\b(?:import|require)\s*\(\s*['"](react-router(?:\/[^'"]*)?)['"]\s*\)/g)) {
    unchecked.push(`${m[0]} (takes the whole module)`);
  }
  return { names, unchecked };
}

/** Every react-router use in the repo's bundled source that the tree-shaken singleton would not serve. */
export function routerImportProblems(root: string, kept: readonly string[]): RouterImportProblem[] {
  const problems: RouterImportProblem[] = [];
  for (const dir of bundledSourceDirs(root)) {
    for (const file of sourceFiles(dir)) {
      const { names, unchecked } = routerImports(fs.readFileSync(file, 'utf8'));
      const rel = path.relative(root, file);
      for (const name of names) {
        if (!kept.includes(name)) problems.push({ file: rel, problem: `imports "${name}", not kept by the react-router singleton` });
      }
      for (const u of unchecked) problems.push({ file: rel, problem: u });
    }
  }
  return problems;
}

describe('react-router shared tree-shaking guard', () => {
  it('reads named, renamed, multi-line and re-exported imports; skips type-only ones', () => {
    const src = [
      "import { Link, useNavigate as go } from 'react-router';",
      "import {\n  Routes,\n  type RouteObject,\n  MemoryRouter,\n} from \"react-router\";",
      "import type { NavigateFunction } from 'react-router';",
      "export { Outlet } from 'react-router';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(routerImports(src)).toEqual({ names: ['Link', 'useNavigate', 'Routes', 'MemoryRouter', 'Outlet'], unchecked: [] });
  });

  it('reports the forms that take the whole module or a non-shared subpath', () => {
    const src = [
      "import * as RR from 'react-router';",
      "import RouterDefault, { Link } from 'react-router';",
      "import { RouterProvider } from 'react-router/dom';",
      "const m = await import('react-router');",
      "import 'react-router';",
    ].join('\n');
    const { names, unchecked } = routerImports(src);
    expect(names).toEqual(['Link']);
    expect(unchecked).toHaveLength(5);
  });

  it('fails for a package that imports an export outside the kept list', () => {
    const tmp = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'rr-guard-'));
    try {
      fs.mkdirSync(path.join(tmp, 'mf-demo/src/pages'), { recursive: true });
      fs.writeFileSync(path.join(tmp, 'mf-demo/src/pages/A.tsx'), "import { Link, Outlet } from 'react-router';\n");
      fs.writeFileSync(path.join(tmp, 'mf-demo/src/pages/A.test.tsx'), "import { MemoryRouter } from 'react-router';\n");
      expect(routerImportProblems(tmp, ['Link'])).toEqual([
        { file: path.join('mf-demo/src/pages/A.tsx'), problem: 'imports "Outlet", not kept by the react-router singleton' },
      ]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('the kept list covers every react-router import of shell, shared and every remote', () => {
    expect(bundledSourceDirs(ROOT).length).toBeGreaterThanOrEqual(6);
    expect(routerImportProblems(ROOT, keptExports)).toEqual([]);
  });

  it('the kept list names real react-router exports', async () => {
    // shared does not depend on react-router itself: read the shell's copy (the one that is provided)
    const resolved = createRequire(path.join(ROOT, 'shell/package.json')).resolve('react-router');
    const rr = (await import(resolved)) as Record<string, unknown>;
    for (const name of keptExports) expect([name, typeof rr[name]]).not.toEqual([name, 'undefined']);
  });
});
