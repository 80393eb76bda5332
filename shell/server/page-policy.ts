// The Content-Security-Policy of the shop's pages: this origin, the remotes' origins from remotes.json,
// and the Yandex Maps hosts when a key is configured. The back office has its own (admin.ts).

/**
 * Hosts the Yandex Maps JS API 2.1 needs, loaded with `csp=true` (no eval, styles as blobs), after
 * Yandex's "CSP" page; added to the policy only when YANDEX_MAPS_API_KEY is set. Tiles and icons are
 * images, which img-src already allows from any https host.
 */
const YANDEX_MAPS_CSP = {
  script: 'https://api-maps.yandex.ru https://suggest-maps.yandex.ru https://*.maps.yandex.net https://yandex.ru https://yastatic.net',
  style: 'blob:',
  connect: 'https://api-maps.yandex.ru https://suggest-maps.yandex.ru https://*.maps.yandex.net https://yandex.ru https://*.taxi.yandex.net',
  frame: 'https://api-maps.yandex.ru',
};

/** The page policy for a shop with (or without) a maps key, given this request's remotes.json. */
export function pagePolicy(withMaps: boolean): (remotes: Record<string, string>) => string {
  const maps = withMaps ? YANDEX_MAPS_CSP : null;
  return (remotes) => {
    const origins = [...new Set(Object.values(remotes).filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))].join(' ');
    const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
    return [
      "default-src 'self'",
      join("script-src 'self'", origins, maps?.script),
      join("style-src 'self' 'unsafe-inline'", maps?.style),
      "img-src 'self' data: blob: https:",
      join("connect-src 'self'", origins, maps?.connect),
      ...(maps ? [`frame-src ${maps.frame}`] : []),
      "worker-src 'self'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
    ].join('; ');
  };
}
