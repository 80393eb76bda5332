import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $checkoutForm, Button, updateCheckoutForm } from '@bozor/shared';
import { inUzbekistan } from './area';
import { DeliveryMap } from './DeliveryMap';

/**
 * The delivery pin (checkout form `location`): placed or dragged on the map (when Yandex Maps is
 * configured and reachable) or taken from the device's position, so the courier finds the door. The
 * page works without it; the pin is optional and can be removed.
 */
export function LocationPin() {
  const { t } = useTranslation();
  const location = useStore($checkoutForm).location;
  const [state, setState] = useState<'idle' | 'busy' | 'denied' | 'outside'>('idle');

  function locate() {
    if (!('geolocation' in navigator)) return setState('denied');
    setState('busy');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!inUzbekistan(coords.latitude, coords.longitude)) return setState('outside');
        updateCheckoutForm({ location: [Number(coords.latitude.toFixed(6)), Number(coords.longitude.toFixed(6))] });
        setState('idle');
      },
      () => setState('denied'),
      { timeout: 10_000 },
    );
  }

  return (
    <>
      <DeliveryMap />
      <div className="co-row" data-testid="location-pin">
        {location ? (
          <>
            <span data-testid="location-value">{t('location.set', { latitude: location[0], longitude: location[1] })}</span>
            <Button variant="ghost" onClick={() => updateCheckoutForm({ location: null })}>{t('location.remove')}</Button>
          </>
        ) : (
          <Button variant="secondary" onClick={locate} disabled={state === 'busy'}>{t('location.use')}</Button>
        )}
        {state === 'denied' || state === 'outside' ? <span role="alert" className="bz-field__error">{t(`location.${state}`)}</span> : null}
      </div>
    </>
  );
}
