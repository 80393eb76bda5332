/** @jest-environment jsdom */
import { appCommitted, slotWaiting, whenReady } from '../src/remotes/readiness';

test('the page is ready once the shell has committed and every remote slot has mounted, and whenReady says so once', async () => {
  let ready = false;
  void whenReady().then(() => (ready = true));
  const slotMounted = slotWaiting();
  appCommitted();
  await Promise.resolve();
  expect(ready).toBe(false);
  expect(document.documentElement.dataset.ready).toBeUndefined();
  slotMounted();
  await Promise.resolve();
  expect(ready).toBe(true);
  expect(document.documentElement.dataset.ready).toBe('1');
  // a later slot makes the page busy again, but the first readiness stays resolved
  slotWaiting();
  expect(document.documentElement.dataset.ready).toBeUndefined();
  await expect(whenReady()).resolves.toBeUndefined();
});
