// The remote kit: what every remote needs to be built, served and run alone lives once, here in
// `shared` (build/remote-config.mjs, build/remote/nginx.conf, build/remote/dev.html, src/standalone.tsx,
// RemoteInfo); a remote keeps only what says which remote it is. These checks fail when a copy comes back.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const REMOTES = ['catalog', 'cart', 'checkout', 'account'];

describe('the remote kit', () => {
  it('gives every remote the same Dockerfile, differing only in the remote it names', () => {
    const [first, ...rest] = REMOTES.map((r) => fs.readFileSync(path.join(ROOT, `mf-${r}`, 'Dockerfile'), 'utf8').replaceAll(r, '<remote>'));
    for (const other of rest) expect(other).toBe(first);
    expect(first).toContain('ARG REMOTE=<remote>');
    expect(first).toContain('COPY shared/build/remote/nginx.conf /etc/nginx/conf.d/default.conf');
  });

  it('keeps no copy of the nginx config, the standalone page, its bootstrap or RemoteInfo in a remote', () => {
    for (const r of REMOTES) {
      const dir = path.join(ROOT, `mf-${r}`);
      expect(fs.existsSync(path.join(dir, 'nginx.conf'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'dev', 'index.html'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'src', 'components', 'RemoteInfo.tsx'))).toBe(false);
      expect(fs.readFileSync(path.join(dir, 'src', 'bootstrap.tsx'), 'utf8')).toContain("from '@bozor/shared/standalone'");
    }
  });
});
