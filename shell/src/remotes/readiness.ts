// "The page is ready": the shell has rendered (or hydrated) and every remote slot on the page has its
// module in place and running. Marked as <html data-ready="1">, for the browser tests and for anybody
// measuring when a server-rendered page starts to answer clicks.
let appMounted = false;
let pending = 0;

function mark() {
  if (typeof document === 'undefined') return;
  if (appMounted && pending === 0) document.documentElement.dataset.ready = '1';
  else delete document.documentElement.dataset.ready;
}

/** The shell's tree has committed. */
export function appCommitted(): void {
  appMounted = true;
  mark();
}

/** A slot waits for its remote's module; call the result when the module has mounted. */
export function slotWaiting(): () => void {
  pending++;
  mark();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending--;
    mark();
  };
}
