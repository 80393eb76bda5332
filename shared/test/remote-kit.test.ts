// The remote kit: what every remote needs to be built, served and run alone lives once, here in
// `shared` (build/remote-config.mjs, build/remote/nginx.conf, build/remote/dev.html, src/standalone.tsx,
// RemoteInfo); a remote keeps only what says which remote it is. These checks fail when a copy comes back.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');
const REMOTES = ['catalog', 'cart', 'checkout', 'account'];

describe('the remote kit', () => {
  it('builds the image of every remote from one Dockerfile, named by compose', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'shared/build/remote/Dockerfile'), 'utf8');
    expect(dockerfile).toContain('ARG REMOTE');
    expect(dockerfile).toContain('COPY shared/build/remote/nginx.conf /etc/nginx/conf.d/default.conf');
    const compose = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    // each remote's service builds the one Dockerfile with its name (and the base images' arguments)
    for (const r of REMOTES) expect(compose).toMatch(new RegExp(`mf-${r}:\\n(?:    .*\\n)*?    build: \\{ context: \\., network: host, dockerfile: shared/build/remote/Dockerfile, args: \\{ <<: \\*static-images, REMOTE: ${r} \\} \\}`));
  });

  it('keeps no copy of the nginx config, the standalone page, its bootstrap or RemoteInfo in a remote', () => {
    for (const r of REMOTES) {
      const dir = path.join(ROOT, `mf-${r}`);
      expect(fs.existsSync(path.join(dir, 'nginx.conf'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'Dockerfile'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'dev', 'index.html'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'src', 'components', 'RemoteInfo.tsx'))).toBe(false);
      expect(fs.readFileSync(path.join(dir, 'src', 'bootstrap.tsx'), 'utf8')).toContain("from '@bozor/shared/standalone'");
    }
  });
});
