import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $checkoutForm, updateCheckoutForm } from '@bozor/shared';
import { useYandexMaps, type YMapsMap, type YMapsPlacemark } from '@bozor/shared/maps';
import { inUzbekistan } from './area';

/** Where the map opens when no pin is set yet: the centre of Tashkent. */
const TASHKENT: [number, number] = [41.311081, 69.240562];
const round = (n: number) => Number(n.toFixed(6));

/**
 * The delivery point on a Yandex map: a click puts the pin (checkout form `location`, [lat, lng]) and
 * the pin can be dragged. It follows the form too — "use my position" or "remove the pin" move it.
 * Without a key nothing is shown; when the script cannot load a short note says the address is
 * enough. The map is an extra for pointer users: the keyboard has "use my position" and the address.
 */
export function DeliveryMap() {
  const { t } = useTranslation();
  const location = useStore($checkoutForm).location;
  const maps = useYandexMaps();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<YMapsMap | null>(null);
  const pin = useRef<YMapsPlacemark | null>(null);
  const ymaps = maps.status === 'ready' ? maps.ymaps : null;

  // The map itself, once the API is ready.
  useEffect(() => {
    const el = box.current;
    if (!ymaps || !el) return;
    const start = $checkoutForm.get().location;
    const m = new ymaps.Map(el, { center: start ?? TASHKENT, zoom: start ? 16 : 11, controls: ['zoomControl', 'geolocationControl'] }, { suppressMapOpenBlock: true });
    m.events.add('click', (e) => {
      const [lat, lng] = e.get('coords');
      if (inUzbekistan(lat, lng)) updateCheckoutForm({ location: [round(lat), round(lng)] });
    });
    map.current = m;
    return () => {
      m.destroy();
      map.current = null;
      pin.current = null;
    };
  }, [ymaps]);

  // The pin follows the form's location.
  useEffect(() => {
    const m = map.current;
    if (!ymaps || !m) return;
    if (!location) {
      if (pin.current) m.geoObjects.remove(pin.current);
      pin.current = null;
      return;
    }
    if (pin.current) {
      const [lat, lng] = pin.current.geometry.getCoordinates();
      if (lat === location[0] && lng === location[1]) return;
      pin.current.geometry.setCoordinates(location);
    } else {
      const p = new ymaps.Placemark(location, { hintContent: t('location.dragHint') }, { draggable: true, preset: 'islands#redDotIcon' });
      p.events.add('dragend', () => {
        const [lat, lng] = p.geometry.getCoordinates();
        if (inUzbekistan(lat, lng)) updateCheckoutForm({ location: [round(lat), round(lng)] });
        else p.geometry.setCoordinates($checkoutForm.get().location ?? TASHKENT);
      });
      m.geoObjects.add(p);
      pin.current = p;
    }
    m.setCenter(location);
  }, [ymaps, location, t]);

  if (maps.status === 'off') return null;
  if (maps.status === 'failed') {
    return (
      <p className="co-muted" role="status" data-testid="delivery-map-failed">
        {t('location.mapFailed')}
      </p>
    );
  }
  return <div ref={box} className="co-map" role="region" aria-label={t('location.map')} aria-busy={maps.status === 'loading'} data-testid="delivery-map" data-map-status={maps.status} />;
}
