import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Market } from '@bozor/shared/api/content';
import { useYandexMaps, type YMapsMap } from '@bozor/shared/maps';
import { useHydrated } from '@bozor/shared';

/**
 * The stores on a Yandex map, one placemark each. Loaded lazily: the script is asked for only when
 * the map's place comes near the screen. Without a key nothing is shown; when the script fails (no
 * network, blocked) a short note says so — the list below links every store to its place either way.
 */
export function MarketsMap({ markets }: { markets: Market[] }) {
  // The map is the browser's alone (its key is in the page's <meta>, which a render on the server cannot
  // read): the server's render and the hydrating one leave its place empty; it comes right after.
  return useHydrated() ? <LiveMarketsMap markets={markets} /> : null;
}

function LiveMarketsMap({ markets }: { markets: Market[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const maps = useYandexMaps(near);
  const placed = markets.filter((m): m is Market & { location: { lat: number; lng: number } } => Boolean(m.location));

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near, maps.status]);

  useEffect(() => {
    const el = box.current;
    if (maps.status !== 'ready' || !el || placed.length === 0) return;
    const { ymaps } = maps;
    const first = placed[0]!.location;
    let map: YMapsMap | null = new ymaps.Map(el, { center: [first.lat, first.lng], zoom: 12, controls: ['zoomControl'] }, { suppressMapOpenBlock: true });
    for (const m of placed) {
      map.geoObjects.add(
        new ymaps.Placemark([m.location.lat, m.location.lng], { hintContent: m.name, balloonContentHeader: m.name, balloonContentBody: m.address, iconCaption: m.name }, { preset: 'islands#redShoppingIcon' }),
      );
    }
    const bounds = placed.length > 1 ? map.geoObjects.getBounds() : null;
    if (bounds) map.setBounds(bounds, { checkZoomRange: true, zoomMargin: 40 });
    return () => {
      map?.destroy();
      map = null;
    };
    // the stores are loaded once per page: their count is enough (a new array each render must not redraw the map)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [maps, placed.length]);

  if (maps.status === 'off' || placed.length === 0) return null;
  if (maps.status === 'failed') {
    return (
      <p className="bzc-muted" role="status" data-testid="markets-map-failed">
        {t('markets.mapFailed')}
      </p>
    );
  }
  return <div ref={box} className="bzc-markets-map" role="region" aria-label={t('markets.map')} aria-busy={maps.status === 'loading'} data-testid="markets-map" data-map-status={maps.status} />;
}
