import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $checkoutForm, updateCheckoutForm } from '@bozor/shared';
import type { DeliverySettingsData } from '@bozor/shared/api/delivery';
import type { PaymentMethod } from '@bozor/shared/api/orders';
import { deliveryCalls } from '../api/checkout';
import { rememberDeliverySettings } from '../state/deliverySettings';

/** The ways to pay the checkout knows, in the order it offers them (`paymentType` in the checkout form). */
export const PAYMENT_METHODS = ['cash', 'card', 'payme', 'click'] as const satisfies readonly PaymentMethod[];

/**
 * The methods a delivery-settings answer says the API takes now, in the checkout's order; unknown names
 * are dropped, cash is always there. An answer without the list (an API older than the list) offers every
 * method, as the checkout always did; the API still refuses one it cannot take (422).
 */
function offeredPaymentMethods(settings: Pick<DeliverySettingsData, 'payment_methods'> | null | undefined): PaymentMethod[] {
  const listed = settings?.payment_methods;
  if (!Array.isArray(listed)) return [...PAYMENT_METHODS];
  return PAYMENT_METHODS.filter((m) => m === 'cash' || listed.includes(m));
}

// The answer of the delivery step (same settings route), so the payment step knows the list at once.
let remembered: PaymentMethod[] | null = null;

/** Keeps what a delivery-settings answer says about payment methods for the payment step. */
export function rememberPaymentMethods(settings: DeliverySettingsData) {
  remembered = offeredPaymentMethods(settings);
}

/** Forgets the remembered list (tests). */
export function forgetPaymentMethods() {
  remembered = null;
}

export interface PaymentMethodsState {
  /** The methods to offer: while the list is not known yet, cash and card; every method when the settings cannot be loaded. */
  offered: PaymentMethod[];
  /** True once the offer comes from the API's answer (or its failure), not from the wait for it. */
  known: boolean;
}

/** What the shop takes now, from GET /api/settings/delivery (asked again on each visit of the payment step). */
export function usePaymentMethods(): PaymentMethodsState {
  const [offered, setOffered] = useState<PaymentMethod[] | null>(remembered);
  useEffect(() => {
    let live = true;
    deliveryCalls.settings().then(
      (settings) => {
        rememberPaymentMethods(settings);
        rememberDeliverySettings(settings);
        if (live) setOffered(offeredPaymentMethods(settings));
      },
      // Unknown (offline, an error): as before the list existed; the API has the last word.
      () => {
        rememberDeliverySettings(null);
        if (live) setOffered((known) => known ?? [...PAYMENT_METHODS]);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return offered ? { offered, known: true } : { offered: ['cash', 'card'], known: false };
}

/**
 * The payment step's choice: the offered methods and the chosen one (`paymentType` in the checkout form,
 * '' while none is). A choice the shop no longer takes (kept in the form from an earlier visit, or made
 * while the list was loading) falls back to cash, in the form too.
 */
export function usePaymentChoice(): PaymentMethodsState & { method: PaymentMethod | '' } {
  const { offered, known } = usePaymentMethods();
  const paymentType = useStore($checkoutForm).paymentType;
  const chosen = PAYMENT_METHODS.find((m) => m === paymentType);
  const withdrawn = known && chosen !== undefined && !offered.includes(chosen);
  useEffect(() => {
    if (withdrawn) updateCheckoutForm({ paymentType: 'cash' });
  }, [withdrawn]);
  return { offered, known, method: withdrawn ? 'cash' : (chosen ?? '') };
}
