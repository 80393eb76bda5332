import { atom } from 'nanostores';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';

/**
 * The latest delivery settings answered (GET /api/settings/delivery, asked by the delivery step and by the
 * payment step's methods): the summary quotes only a region the shop offers now. `null` until an answer
 * or a failure is in; `'failed'` when the settings could not be loaded (the API then has the last word).
 */
export const $deliverySettings = atom<DeliverySettingsData | null | 'failed'>(null);

/** Keeps a settings answer for the summary (null: the settings could not be loaded). */
export function rememberDeliverySettings(settings: DeliverySettingsData | null) {
  if (settings) $deliverySettings.set(settings);
  // a failure does not forget an earlier answer
  else if ($deliverySettings.get() === null) $deliverySettings.set('failed');
}

/** Forgets the remembered settings (tests). */
export function forgetDeliverySettings() {
  $deliverySettings.set(null);
}
