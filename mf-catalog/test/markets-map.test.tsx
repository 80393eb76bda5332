// The markets page's Yandex map, with a fake window.ymaps: one placemark per store, nothing without a
// key, a note (and the list) when the script cannot load.
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setLanguage } from '@bozor/shared';
import type { YMaps } from '@bozor/shared/maps';
import type { Market } from '@bozor/shared/api/content';
import CatalogRoutes from '../src/routes';
import { MarketsMap } from '../src/components/markets/MarketsMap';
import { installFakeApi } from './fakeApi';
import { i18n } from '../src/i18n';
import { I18nextProvider } from 'react-i18next';

const withI18n = (ui: React.ReactNode) => <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>;

const stores: Market[] = [
  { id: 1, slug: 'chilonzor', name: 'Chilonzor', address: 'Bunyodkor 1', phone: '+998712001122', hours: '9–21', location: { lat: 41.29, lng: 69.22 } },
  { id: 2, slug: 'yunusobod', name: 'Yunusobod', address: 'Amir Temur 100', phone: '+998712001133', hours: '9–21', location: { lat: 41.36, lng: 69.28 } },
  { id: 3, slug: 'nowhere', name: 'No pin', address: '?', phone: '+998712001144', hours: '9–21' },
];

/** A fake ymaps 2.1 that records the maps and placemarks made. */
function fakeYmaps() {
  const made = { maps: [] as { container: HTMLElement; center: number[]; bounds: unknown; destroyed: boolean }[], placemarks: [] as { coords: number[]; props: Record<string, unknown> }[] };
  class Map {
    record: (typeof made.maps)[0];
    geoObjects = { add: jest.fn(), remove: jest.fn(), getBounds: () => [[41.29, 69.22], [41.36, 69.28]] };
    events = { add: jest.fn() };
    constructor(container: HTMLElement, state: { center: number[] }) {
      this.record = { container, center: state.center, bounds: null, destroyed: false };
      made.maps.push(this.record);
    }
    setBounds(b: unknown) {
      this.record.bounds = b;
    }
    setCenter() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  class Placemark {
    geometry = { getCoordinates: () => [0, 0], setCoordinates: jest.fn() };
    events = { add: jest.fn() };
    constructor(coords: number[], props: Record<string, unknown>) {
      made.placemarks.push({ coords, props });
    }
  }
  window.ymaps = { ready: (cb: () => void) => cb(), Map, Placemark } as unknown as YMaps;
  return made;
}

function setKey(key: string | null) {
  document.head.querySelector('meta[name="bozor:config"]')?.remove();
  const meta = document.createElement('meta');
  meta.name = 'bozor:config';
  meta.content = JSON.stringify({ yandexMapsApiKey: key });
  document.head.appendChild(meta);
}

beforeEach(() => setLanguage('en'));
afterEach(() => {
  delete window.ymaps;
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('bozor.ymaps.loading')];
  for (const s of document.head.querySelectorAll('script[data-bozor="ymaps"]')) s.remove();
});

it('puts a placemark on the map for every store with a location', async () => {
  setKey('test-key');
  const made = fakeYmaps();
  const { unmount } = render(withI18n(<MarketsMap markets={stores} />));
  const box = await screen.findByTestId('markets-map');
  await screen.findByRole('region', { name: 'Map of our stores' });
  expect(box.getAttribute('data-map-status')).toBe('ready');
  await waitFor(() => expect(made.maps).toHaveLength(1));
  expect(made.maps[0]!.container).toBe(box);
  expect(made.placemarks.map((p) => [p.coords, p.props.hintContent])).toEqual([
    [[41.29, 69.22], 'Chilonzor'],
    [[41.36, 69.28], 'Yunusobod'],
  ]);
  expect(made.maps[0]!.bounds).toEqual([[41.29, 69.22], [41.36, 69.28]]);
  unmount();
  expect(made.maps[0]!.destroyed).toBe(true);
});

it('shows no map and loads no script without a key; the page still lists the stores', async () => {
  setKey(null);
  installFakeApi();
  render(
    <MemoryRouter initialEntries={['/en/markets']}>
      <Routes>
        <Route path="/en/*" element={<CatalogRoutes basePath="/en" />} />
      </Routes>
    </MemoryRouter>,
  );
  const markets = await screen.findAllByTestId('market');
  expect(markets.map((m) => within(m).getByRole('heading').textContent)).toEqual(['Bozor Chilonzor']);
  expect(screen.queryByTestId('markets-map')).toBeNull();
  expect(document.querySelector('script[data-bozor="ymaps"]')).toBeNull();
});

it('says the map could not load when the script fails (offline), in the page language', async () => {
  setKey('test-key');
  setLanguage('ru');
  render(withI18n(<MarketsMap markets={stores} />));
  const script = document.querySelector<HTMLScriptElement>('script[data-bozor="ymaps"]')!;
  expect(script.src).toContain('apikey=test-key');
  expect(script.src).toContain('lang=ru_RU');
  script.dispatchEvent(new Event('error'));
  expect((await screen.findByTestId('markets-map-failed')).textContent).toContain('Не удалось загрузить карту');
});
