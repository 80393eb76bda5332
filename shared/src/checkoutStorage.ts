// The browser storage keys of the checkout (mf-checkout src/state/persist.ts owns what is in them): one
// spelling for the checkout, the one-click dialog that hands its order to the confirmation page
// (mf-catalog), and the shell, which empties them at sign-out on every page. Imported by subpath
// (`@bozor/shared/checkout-storage`): bundled into each app that uses it.

/** `localStorage`: the form (`{ owner, form }`) and the attempt's Idempotency-Key; `sessionStorage`: this tab's copy of the last order placed. */
export const CHECKOUT_STORAGE_KEYS = { form: 'checkoutForm', attempt: 'checkoutAttempt', lastOrder: 'lastOrder' } as const;
