// Story 2 of the compose test: a team deploys its remote on its own. The cart remote is rebuilt from a copy
// of the repository with a visible change (the cart page's heading) and a new version folder, its container
// is replaced, remotes.json (the file mounted into the shell) is switched to the new manifest, and the
// running shop serves it — in the browser and in the server-rendered HTML — with no other container
// restarted; then it is rolled back the same way, and both follow again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { base, compose, project, repoRoot, sh } from './compose';

const VERSION = '0.1.1-compose';
const remotesFile = () => process.env.COMPOSE_TEST_REMOTES as string;

/** When each running container of the project started. */
function startedAt(): Map<string, string> {
  const ids = compose('ps', '-q').split('\n').filter(Boolean);
  return new Map(ids.map((id) => [sh('docker', ['inspect', '-f', '{{.Name}}', id]).trim(), sh('docker', ['inspect', '-f', '{{.State.StartedAt}}', id]).trim()]));
}

function setCart(manifest: string) {
  const remotes = JSON.parse(fs.readFileSync(remotesFile(), 'utf8')) as Record<string, string>;
  // written in place: the shell's bind mount keeps the file's inode
  fs.writeFileSync(remotesFile(), JSON.stringify({ ...remotes, cart: manifest }, null, 2));
}

async function cartHeading(page: Page, expected: string) {
  // the server's HTML (no script ran) and the page in the browser
  await expect.poll(async () => (await (await fetch(`${base()}/uz/cart`)).text()).includes(`>${expected}</h1>`), { timeout: 30_000 }).toBe(true);
  await page.goto(`${base()}/uz/cart`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
}

test('a new cart remote goes live by switching remotes.json, and back, with nothing else restarted', async ({ page }) => {
  test.setTimeout(30 * 60_000);
  const original = JSON.parse(fs.readFileSync(remotesFile(), 'utf8')) as Record<string, string>;
  await cartHeading(page, 'Savat');

  // the image compose built, tagged back at the end: a later --no-build run must start from the shop as built
  const image = `${project()}_mf-cart:latest`;
  const built = sh('docker', ['image', 'inspect', '-f', '{{.Id}}', image]).trim();
  await test.info().attach('original cart image', { body: built });
  // the cart team's build: a copy of the repository with its change, in a version folder of its own
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-cart-'));
  try {
    sh('sh', ['-c', `tar -C "${repoRoot()}" --exclude=node_modules --exclude=dist --exclude=dist-server --exclude=.git --exclude=test-results -cf - . | tar -C "${copy}" -xf -`]);
    const i18n = path.join(copy, 'mf-cart/src/i18n/uz.json');
    fs.writeFileSync(i18n, fs.readFileSync(i18n, 'utf8').replace('"title": "Savat"', '"title": "Savatcha"'));
    sh('docker', [
      'build', '--network', 'host', '-f', 'shared/build/remote/Dockerfile',
      '--build-arg', 'REMOTE=cart', '--build-arg', `REMOTE_VERSION=${VERSION}`,
      '--build-arg', `NODE_IMAGE=${process.env.NODE_IMAGE ?? 'node:20-bookworm-slim'}`, '--build-arg', `NGINX_IMAGE=${process.env.NGINX_IMAGE ?? 'nginx:1.27-alpine'}`,
      '-t', image, copy,
    ]);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
  try {
    await deployAndRollBack(page, original);
  } finally {
    sh('docker', ['tag', built, image]);
  }
});

async function deployAndRollBack(page: Page, original: Record<string, string>) {
  const before = startedAt();
  compose('up', '-d', '--no-deps', 'mf-cart');
  // a failed fetch is tried again: the build above held this process for over a minute (spawnSync), and the
  // keep-alive connection its last request left may have been closed by nginx meanwhile ("other side closed")
  await expect.poll(async () => { try { return (await fetch(`${base()}/remotes/cart/${VERSION}/mf-manifest.json`)).status; } catch { return 0; } }, { timeout: 60_000 }).toBe(200);
  // the old version's folder is still served, for open tabs
  expect((await fetch(`${base()}${original.cart}`)).status).toBe(200);

  try {
    setCart(`/remotes/cart/${VERSION}/mf-manifest.json`);
    await cartHeading(page, 'Savatcha');
    setCart(original.cart!);
    await cartHeading(page, 'Savat');
  } finally {
    fs.writeFileSync(remotesFile(), JSON.stringify(original, null, 2));
  }
  const after = startedAt();
  for (const [name, started] of before) {
    if (name.includes('mf-cart')) continue;
    expect(after.get(name), `${name} was restarted`).toBe(started);
  }
}
