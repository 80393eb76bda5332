import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $checkoutForm, Button, updateCheckoutForm } from '@bozor/shared';

// The area the API accepts for a pin (Uzbekistan and around).
const inUzbekistan = (lat: number, lng: number) => lat >= 37 && lat <= 46 && lng >= 55 && lng <= 74;

/**
 * The delivery pin (checkout form `location`) from the device's position, so the courier finds the
 * door. The page works without it; the pin is optional and can be removed.
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
  );
}
