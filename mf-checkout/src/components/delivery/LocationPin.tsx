import { useEffect, useRef, useState } from 'react';
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
  // The pressed control gives way to another (the pin's "Remove", the message, "Pin my location" again):
  // the focus follows it there once it is on screen, never falling to the page.
  const focusNext = useRef<'use' | 'remove' | 'message' | null>(null);
  const pinButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const message = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    (target === 'use' ? pinButton : target === 'remove' ? removeButton : message).current?.focus();
  });

  function locate() {
    if (!('geolocation' in navigator)) {
      focusNext.current = 'message';
      return setState('denied');
    }
    setState('busy');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (!inUzbekistan(coords.latitude, coords.longitude)) {
          focusNext.current = 'message';
          return setState('outside');
        }
        focusNext.current = 'remove';
        updateCheckoutForm({ location: [Number(coords.latitude.toFixed(6)), Number(coords.longitude.toFixed(6))] });
        setState('idle');
      },
      () => {
        focusNext.current = 'message';
        setState('denied');
      },
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
            <Button
              ref={removeButton}
              variant="ghost"
              onClick={() => {
                focusNext.current = 'use';
                updateCheckoutForm({ location: null });
              }}
              data-testid="location-remove"
            >
              {t('location.remove')}
            </Button>
          </>
        ) : (
          // aria-disabled, not disabled, while asking: the pressed button keeps the focus
          <Button ref={pinButton} variant="secondary" onClick={locate} aria-disabled={state === 'busy' || undefined} data-testid="location-use">
            {t('location.use')}
          </Button>
        )}
        {state === 'denied' || state === 'outside' ? <span ref={message} role="alert" tabIndex={-1} className="bz-field__error" data-testid="location-message">{t(`location.${state}`)}</span> : null}
      </div>
    </>
  );
}
