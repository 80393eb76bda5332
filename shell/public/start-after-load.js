// Server-rendered pages (shell/server/ssr.ts): the page is already on screen, so the shell's scripts
// start once it has loaded (its pictures first) and its first frame is painted, or after 3 s at the latest.
// Then the scripts the page will run are fetched side by side, one per task, and main.js hydrates the
// page. Written by hand, tiny, no build step.
(function () {
  var tag = document.currentScript;
  var read = function (name) {
    try {
      return JSON.parse(tag.getAttribute(name) || '[]');
    } catch {
      return [];
    }
  };
  function preload(as, href) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    if (as === 'fetch') link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  }
  var started = false;
  // Each step is its own short task: appending a preload costs about a millisecond on a desktop, and
  // twenty of them in one go would block a phone's main thread (and a tap) for a third of a second.
  function inTurns(steps) {
    var step = steps.shift();
    if (!step) return;
    step();
    setTimeout(function () {
      inTurns(steps);
    }, 0);
  }
  function start() {
    if (started) return;
    started = true;
    var steps = [];
    var manifest = tag.getAttribute('data-manifest');
    if (manifest) steps.push(preload.bind(null, 'fetch', manifest));
    // main.js first: it runs only once every chunk it needs is in, so it may as well be on its way
    steps.push(function () {
      read('data-scripts').forEach(function (src) {
        var s = document.createElement('script');
        s.src = src;
        s.async = false;
        document.body.appendChild(s);
      });
    });
    // one preload per task: appending one costs a slow phone ~15 ms (measured at 4× CPU), four in a task
    // made a task of 70 ms, long enough to hold up a tap
    read('data-preload').forEach(function (src) {
      steps.push(preload.bind(null, 'script', src));
    });
    inTurns(steps);
  }
  // after the page's first frame is painted (a frame, then a task), so no script delays it
  function afterPaint() {
    if (typeof requestAnimationFrame === 'function') {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    } else start();
  }
  // A tap on a button before the page is interactive would be lost: the button is on screen, its handler
  // still on its way (a phone takes seconds). The last such tap is kept and given again once React has
  // taken that button over (its props are on the node), 20 s at most. From the moment the shell mounts the
  // app (its 'bz:hydrate' event) React itself hydrates what is tapped, so no tap is given twice. A page the
  // shell renders anew (a legal entity's prices) has new buttons: the kept one is gone, and so is the tap.
  // Links need nothing (they navigate by themselves), nor a form's submit button (the form submits).
  var kept = null;
  // React DOM keeps a node's props under an own key '__reactProps$<random>' (e2e/tests/early-tap.spec.ts
  // fails if a React upgrade changes that)
  var reactOwns = function (node) {
    return Object.keys(node).some(function (key) {
      return key.indexOf('__reactProps$') === 0;
    });
  };
  function keep(event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (!button || button.disabled || (button.type === 'submit' && button.form) || reactOwns(button)) return;
    kept = { button: button, until: Date.now() + 20000 };
  }
  function replay() {
    if (!kept) return;
    var button = kept.button;
    if (!button.isConnected || Date.now() > kept.until) kept = null;
    else if (reactOwns(button)) {
      kept = null;
      if (!button.disabled) button.click();
    } else setTimeout(replay, 50);
  }
  document.addEventListener('click', keep, true);
  document.addEventListener(
    'bz:hydrate',
    function () {
      document.removeEventListener('click', keep, true);
      setTimeout(replay, 0);
    },
    { once: true },
  );

  if (document.readyState === 'complete') afterPaint();
  else {
    window.addEventListener('load', afterPaint, { once: true });
    setTimeout(start, 3000);
  }
})();
