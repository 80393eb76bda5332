// Server-rendered pages (shell/server/ssr.ts): the page is already on screen, so the shell's scripts
// start once it has loaded (its pictures first), or after 3 s at the latest. Then the scripts the page
// will run are fetched side by side and main.js hydrates the page. Written by hand, tiny, no build step.
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
  function start() {
    if (started) return;
    started = true;
    var manifest = tag.getAttribute('data-manifest');
    if (manifest) preload('fetch', manifest);
    read('data-preload').forEach(function (src) {
      preload('script', src);
    });
    read('data-scripts').forEach(function (src) {
      var s = document.createElement('script');
      s.src = src;
      s.async = false;
      document.body.appendChild(s);
    });
  }
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start, { once: true });
    setTimeout(start, 3000);
  }
})();
