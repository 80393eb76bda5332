// One rspack base (shared/build/base-config.mjs): every build of the shop extends it — the shell, the back
// office and the remotes' browser builds through browserConfig, the server bundles through sourceBase —
// and none writes its own loader, resolution or output names again. Read as text: these are build files.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('the rspack base', () => {
  it('is extended by every browser build, which repeats none of it', () => {
    for (const file of ['shell/rspack.config.mjs', 'admin/rspack.config.mjs', 'shared/build/remote-config.mjs']) {
      const text = read(file);
      expect({ file, extends: text.includes('browserConfig(') }).toEqual({ file, extends: true });
      for (const copy of ['builtin:swc-loader', 'extensions:', 'contenthash', 'performance:', 'lazyCompilation', 'API_URL']) expect({ file, copy, found: text.includes(copy) }).toEqual({ file, copy, found: false });
    }
  });

  it('gives the server bundles the same loader and resolution', () => {
    const remoteKit = read('shared/build/remote-config.mjs');
    expect(remoteKit).toContain('...sourceBase');
    for (const file of ['shell/rspack.ssr.config.mjs', ...['catalog', 'cart', 'checkout'].map((r) => `mf-${r}/rspack.ssr.config.mjs`)]) {
      expect({ file, extends: /\b(serverBuildConfig|remoteSsrConfig)\(/.test(read(file)) }).toEqual({ file, extends: true });
    }
  });
});
