// Async boundary: the shared singletons are negotiated before any of our code runs.
//
// Then the largest modules are run one per task — react-dom, @bozor/shared, the shell itself — with the
// main thread free between them (a tap, a frame): in one go they were a quarter of a second on a slow
// phone (docs/decisions.md, "The first second after the first paint"). A module runs once; the
// shell's own imports of them later find them ready.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

void (async () => {
  await import('react-dom/client');
  await nextTask();
  await import('@bozor/shared');
  await nextTask();
  await import('./bootstrap');
})();
