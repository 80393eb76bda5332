// The delivery map with a fake window.ymaps: a click places the pin in the form's location, the pin
// drags, it follows "use my position" and "remove the pin"; nothing without a key; a note offline.
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { $checkoutForm, resetCheckoutForm, setLanguage, updateCheckoutForm } from '@bozor/shared';
import type { YMaps } from '@bozor/shared/maps';
import { DeliveryMap } from '../src/components/delivery/DeliveryMap';
import { i18n } from '../src/i18n';

type Handler = (e: { get: (name: string) => unknown }) => void;

/** A fake ymaps 2.1: one map, placemarks with a settable geometry, and their event handlers. */
function fakeYmaps() {
  const made = {
    map: null as null | { center: number[]; clicks: Handler[]; objects: Set<unknown>; destroyed: boolean },
    pins: [] as { coords: number[]; options: Record<string, unknown>; handlers: Record<string, Handler> }[],
  };
  class Map {
    record = { center: [] as number[], clicks: [] as Handler[], objects: new Set<unknown>(), destroyed: false };
    geoObjects = { add: (o: unknown) => this.record.objects.add(o), remove: (o: unknown) => this.record.objects.delete(o), getBounds: () => null };
    events = { add: (_type: string, h: Handler) => this.record.clicks.push(h) };
    constructor(_el: HTMLElement, state: { center: number[] }) {
      this.record.center = state.center;
      made.map = this.record;
    }
    setCenter(c: number[]) {
      this.record.center = c;
    }
    setBounds() {}
    destroy() {
      this.record.destroyed = true;
    }
  }
  class Placemark {
    record: (typeof made.pins)[0];
    geometry = { getCoordinates: () => this.record.coords, setCoordinates: (c: number[]) => (this.record.coords = c) };
    events = { add: (type: string, h: Handler) => (this.record.handlers[type] = h) };
    constructor(coords: number[], _props: unknown, options: Record<string, unknown>) {
      this.record = { coords, options, handlers: {} };
      made.pins.push(this.record);
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
const mount = () => render(<I18nextProvider i18n={i18n}><DeliveryMap /></I18nextProvider>);
const click = (handlers: Handler[], coords: [number, number]) => act(() => handlers.forEach((h) => h({ get: () => coords })));

beforeEach(() => {
  resetCheckoutForm();
  setLanguage('en');
});
afterEach(() => {
  delete window.ymaps;
  delete (window as unknown as Record<symbol, unknown>)[Symbol.for('bozor.ymaps.loading')];
  for (const s of document.head.querySelectorAll('script[data-bozor="ymaps"]')) s.remove();
});

it('a click on the map puts the pin in the form; dragging it moves the location', async () => {
  setKey('test-key');
  const made = fakeYmaps();
  mount();
  const region = await screen.findByRole('region', { name: 'Delivery point on the map: click the map or drag the pin' });
  await waitFor(() => expect(region.getAttribute('data-map-status')).toBe('ready'));
  await waitFor(() => expect(made.map).not.toBeNull());
  expect(made.map!.center).toEqual([41.311081, 69.240562]); // Tashkent until a pin is set

  click(made.map!.clicks, [41.3, 69.25]);
  expect($checkoutForm.get().location).toEqual([41.3, 69.25]);
  await waitFor(() => expect(made.pins).toHaveLength(1));
  expect(made.pins[0]!.options.draggable).toBe(true);
  expect(made.map!.center).toEqual([41.3, 69.25]);

  made.pins[0]!.coords = [41.3123456789, 69.2612345678];
  act(() => made.pins[0]!.handlers.dragend!({ get: () => undefined }));
  expect($checkoutForm.get().location).toEqual([41.312346, 69.261235]);

  // a click outside Uzbekistan is ignored
  click(made.map!.clicks, [55.75, 37.61]);
  expect($checkoutForm.get().location).toEqual([41.312346, 69.261235]);
});

it('the pin follows the form: "use my position" moves it, "remove the pin" takes it away', async () => {
  setKey('test-key');
  const made = fakeYmaps();
  mount();
  await waitFor(() => expect(made.map).not.toBeNull());
  act(() => updateCheckoutForm({ location: [40.1, 65.3] }));
  await waitFor(() => expect(made.pins).toHaveLength(1));
  expect(made.pins[0]!.coords).toEqual([40.1, 65.3]);
  act(() => updateCheckoutForm({ location: [40.2, 65.4] }));
  expect(made.pins).toHaveLength(1);
  expect(made.pins[0]!.coords).toEqual([40.2, 65.4]);
  expect(made.map!.objects.size).toBe(1);
  act(() => updateCheckoutForm({ location: null }));
  expect(made.map!.objects.size).toBe(0);
});

it('without a key there is no map and no script', () => {
  setKey(null);
  const { container } = mount();
  expect(container.textContent).toBe('');
  expect(document.querySelector('script[data-bozor="ymaps"]')).toBeNull();
});

it('offline: a note in the language, the form keeps working', async () => {
  setKey('test-key');
  setLanguage('uz');
  mount();
  document.querySelector('script[data-bozor="ymaps"]')!.dispatchEvent(new Event('error'));
  expect((await screen.findByTestId('delivery-map-failed')).textContent).toBe('Xaritani yuklab boʻlmadi; manzil yetarli.');
});
