// Yandex Maps JS API 2.1 (docs/architecture.md "Providers": lang=ru_RU, key YANDEX_MAPS_API_KEY; the page works
// without it). One loader for every remote: the script is injected once per page — the in-flight
// promise lives on `window`, so two remotes that each bundle this module still share one script —
// and a failure (no key, no network, blocked, too slow) is a rejected promise the page shows as "no map".
import { useEffect, useState } from 'react';

/** The part of the ymaps 2.1 API the shop uses (https://yandex.ru/dev/jsapi-v2-1/doc/ru/). */
export interface YMapsEvent {
  get(name: 'coords'): [number, number];
  get(name: string): unknown;
}
export interface YMapsEvents {
  add(type: string, handler: (e: YMapsEvent) => void): void;
}
export interface YMapsPlacemark {
  geometry: { getCoordinates(): [number, number]; setCoordinates(coords: [number, number]): void };
  events: YMapsEvents;
}
export interface YMapsMap {
  geoObjects: { add(object: YMapsPlacemark): void; remove(object: YMapsPlacemark): void; getBounds(): [[number, number], [number, number]] | null };
  events: YMapsEvents;
  setBounds(bounds: [[number, number], [number, number]], options?: { checkZoomRange?: boolean; zoomMargin?: number }): void;
  setCenter(center: [number, number], zoom?: number): void;
  destroy(): void;
}
export interface YMaps {
  ready(callback: () => void, errback?: (err: unknown) => void): void;
  Map: new (container: HTMLElement, state: { center: [number, number]; zoom: number; controls?: string[] }, options?: Record<string, unknown>) => YMapsMap;
  Placemark: new (coords: [number, number], properties?: Record<string, unknown>, options?: Record<string, unknown>) => YMapsPlacemark;
}

declare global {
  interface Window {
    ymaps?: YMaps;
  }
}

/** What the shell server tells the browser (a `<meta name="bozor:config">` it writes into each page). */
export interface PublicRuntimeConfig {
  /** The Yandex Maps browser key (a public key by nature, restricted to the shop's domains in Yandex's console). */
  yandexMapsApiKey: string | null;
}

/** Reads the public runtime config from the page; everything null when absent (dev server, tests). */
export function publicRuntimeConfig(doc: Document = document): PublicRuntimeConfig {
  const raw = doc.querySelector('meta[name="bozor:config"]')?.getAttribute('content');
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<PublicRuntimeConfig>) : {};
    return { yandexMapsApiKey: typeof parsed.yandexMapsApiKey === 'string' && parsed.yandexMapsApiKey ? parsed.yandexMapsApiKey : null };
  } catch {
    return { yandexMapsApiKey: null };
  }
}

export const YANDEX_MAPS_SCRIPT = 'https://api-maps.yandex.ru/2.1/';
/** How long the script gets to load and initialise before the page gives up on the map. */
export const YANDEX_MAPS_TIMEOUT_MS = 10_000;

/** The script address: the key, Russian labels (docs/architecture.md "Providers"), and csp=true so the API needs no eval or inline styles. */
export function yandexMapsUrl(apiKey: string): string {
  return `${YANDEX_MAPS_SCRIPT}?apikey=${encodeURIComponent(apiKey)}&lang=ru_RU&csp=true`;
}

const PENDING = Symbol.for('bozor.ymaps.loading');
type WindowWithPending = Window & { [PENDING]?: Promise<YMaps> };

/**
 * Loads the Yandex Maps API once and resolves with `ymaps` when it is ready. Rejects when there is no
 * key, the script fails (offline, blocked) or it takes longer than `timeoutMs`; a later call after a
 * failure tries again (the network may be back).
 */
export function loadYandexMaps(apiKey: string | null, { timeoutMs = YANDEX_MAPS_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<YMaps> {
  if (!apiKey) return Promise.reject(new Error('no Yandex Maps key configured'));
  const w = window as WindowWithPending;
  const pending = w[PENDING];
  if (pending) return pending;
  const promise = new Promise<YMaps>((resolve, reject) => {
    let script: HTMLScriptElement | null = null;
    const timer = setTimeout(() => fail(new Error(`Yandex Maps did not load within ${timeoutMs} ms`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      script?.remove();
      reject(err);
    };
    const whenReady = (ymaps: YMaps) =>
      ymaps.ready(
        () => {
          clearTimeout(timer);
          resolve(ymaps);
        },
        (err) => fail(err instanceof Error ? err : new Error('Yandex Maps failed to initialise')),
      );
    if (w.ymaps) return whenReady(w.ymaps);
    script = document.createElement('script');
    script.src = yandexMapsUrl(apiKey);
    script.async = true;
    script.dataset.bozor = 'ymaps';
    script.onload = () => (w.ymaps ? whenReady(w.ymaps) : fail(new Error('Yandex Maps script loaded without ymaps')));
    script.onerror = () => fail(new Error('Yandex Maps script failed to load'));
    document.head.appendChild(script);
  });
  w[PENDING] = promise;
  promise.catch(() => {
    if (w[PENDING] === promise) delete w[PENDING];
  });
  return promise;
}

export type YandexMapsState = { status: 'off' } | { status: 'loading' } | { status: 'ready'; ymaps: YMaps } | { status: 'failed' };

/**
 * The loader as a hook: `off` without a key (nothing is loaded), `loading`, then `ready` with ymaps
 * or `failed`. `enabled: false` defers loading (e.g. until the map's place scrolls into view).
 */
export function useYandexMaps(enabled = true): YandexMapsState {
  const [state, setState] = useState<YandexMapsState>(() => (publicRuntimeConfig().yandexMapsApiKey ? { status: 'loading' } : { status: 'off' }));
  useEffect(() => {
    const key = publicRuntimeConfig().yandexMapsApiKey;
    if (!key || !enabled) return;
    let current = true;
    loadYandexMaps(key).then(
      (ymaps) => current && setState({ status: 'ready', ymaps }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}
