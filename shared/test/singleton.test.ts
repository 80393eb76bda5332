// What the `@bozor/shared` singleton (src/index.ts) loads is what every page loads before its first
// render. zod and the schemas are a subpath (`@bozor/shared/schemas`) the client loads with import()
// next to the answers it checks: no value import reachable from the barrel may bring them back.
import fs from 'node:fs';
import path from 'node:path';

const src = path.join(__dirname, '../src');

/** Value imports of a file (`import type …` and dynamic `import()` left out), resolved when relative. */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?'([^']+)'/gm)) {
    if (m[1]) continue;
    const spec = m[2] as string;
    if (!spec.startsWith('.')) {
      out.push(spec);
      continue;
    }
    const base = path.resolve(path.dirname(file), spec);
    const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (found) out.push(found);
  }
  return out;
}

function reachable(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const dep of valueImports(file)) {
      if (path.isAbsolute(dep)) {
        if (/\.(tsx?|jsx?)$/.test(dep)) todo.push(dep);
      } else packages.add(dep.split('/').slice(0, dep.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return { files, packages };
}

describe('the @bozor/shared singleton', () => {
  const { files, packages } = reachable(path.join(src, 'index.ts'));

  it('reaches neither zod nor the schemas module through a value import', () => {
    expect(files.size).toBeGreaterThan(10);
    expect([...packages]).not.toContain('zod');
    expect([...files].map((f) => path.relative(src, f))).not.toContain('schemas.ts');
  });

  it('still loads the schemas lazily from the client (the subpath it is exported as)', () => {
    const client = fs.readFileSync(path.join(src, 'api/client.ts'), 'utf8');
    expect(client).toMatch(/import\('\.\.\/schemas'\)/);
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as { exports: Record<string, string> };
    expect(pkg.exports['./schemas']).toBe('./src/schemas.ts');
  });
});
