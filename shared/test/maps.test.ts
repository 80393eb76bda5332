// The one Yandex Maps loader: the key from the page's runtime config, one script per page, ready or
// failed (script error, timeout), and a retry after a failure.
import { loadYandexMaps, publicRuntimeConfig, yandexMapsUrl, type YMaps } from '../src/maps/yandex';

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-bozor="ymaps"]')];
/** A fake ymaps whose ready() calls back at once. */
const fakeYmaps = () => ({ ready: jest.fn((cb: () => void) => cb()) }) as unknown as YMaps;

afterEach(() => {
  for (const s of scripts()) s.remove();
  delete window.ymaps;
  // the loaded API is kept for the page's life; each test starts a fresh page
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('bozor.ymaps.loading')];
  document.head.querySelector('meta[name="bozor:config"]')?.remove();
  jest.useRealTimers();
});

it('reads the key the shell server wrote into the page, and nothing without it', () => {
  expect(publicRuntimeConfig()).toEqual({ yandexMapsApiKey: null });
  const meta = document.createElement('meta');
  meta.name = 'bozor:config';
  meta.content = JSON.stringify({ yandexMapsApiKey: 'key-1' });
  document.head.appendChild(meta);
  expect(publicRuntimeConfig()).toEqual({ yandexMapsApiKey: 'key-1' });
  meta.content = 'not json';
  expect(publicRuntimeConfig()).toEqual({ yandexMapsApiKey: null });
});

it('loads nothing without a key', async () => {
  await expect(loadYandexMaps(null)).rejects.toThrow('no Yandex Maps key');
  expect(scripts()).toHaveLength(0);
});

it('injects the script once with the key and lang=ru_RU, and resolves when ymaps is ready', async () => {
  const first = loadYandexMaps('k&1');
  const second = loadYandexMaps('k&1');
  expect(scripts()).toHaveLength(1);
  expect(scripts()[0]!.src).toBe('https://api-maps.yandex.ru/2.1/?apikey=k%261&lang=ru_RU&csp=true');
  expect(yandexMapsUrl('abc')).toContain('lang=ru_RU');
  const ymaps = fakeYmaps();
  window.ymaps = ymaps;
  scripts()[0]!.dispatchEvent(new Event('load'));
  await expect(first).resolves.toBe(ymaps);
  await expect(second).resolves.toBe(ymaps);
  // later calls reuse the loaded API
  await expect(loadYandexMaps('k&1')).resolves.toBe(ymaps);
  expect(scripts()).toHaveLength(1);
});

it('rejects when the script fails (offline) and tries again on the next call', async () => {
  const failing = loadYandexMaps('k');
  scripts()[0]!.dispatchEvent(new Event('error'));
  await expect(failing).rejects.toThrow('failed to load');
  expect(scripts()).toHaveLength(0);
  const retry = loadYandexMaps('k');
  expect(scripts()).toHaveLength(1);
  window.ymaps = fakeYmaps();
  scripts()[0]!.dispatchEvent(new Event('load'));
  await expect(retry).resolves.toBe(window.ymaps);
});

it('gives up after the timeout when the script never answers', async () => {
  jest.useFakeTimers();
  const slow = loadYandexMaps('k', { timeoutMs: 5000 });
  jest.advanceTimersByTime(4999);
  expect(scripts()).toHaveLength(1);
  jest.advanceTimersByTime(1);
  await expect(slow).rejects.toThrow('within 5000 ms');
  expect(scripts()).toHaveLength(0);
});

it('rejects when ymaps fails to initialise', async () => {
  window.ymaps = { ready: (_cb: () => void, errback?: (e: unknown) => void) => errback?.(new Error('bad key')) } as unknown as YMaps;
  await expect(loadYandexMaps('k')).rejects.toThrow('bad key');
});
