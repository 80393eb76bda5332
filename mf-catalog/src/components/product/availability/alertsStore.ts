// "Notify me when in stock": which variants the signed-in shopper waits for, and the wish of a guest who
// tapped the button and was asked to sign in first (the alert is made as soon as the sign-in completes).
// Part of the product page's lazily loaded code. Calls run one after another, so a list asked for at
// sign-in and the alert made at the same moment cannot overwrite each other.
import { atom } from 'nanostores';
import { $auth, $signInOpen, ApiError, getApi, onAuthEvent, openSignIn } from '@bozor/shared';
import { profileApi } from '@bozor/shared/api/profile';

export interface AlertsState {
  /** The variants the shopper waits for; null until known (a guest: always null). */
  waiting: number[] | null;
  /** The variant whose alert is being made or removed. */
  busy: number | null;
}

export const $alerts = atom<AlertsState>({ waiting: null, busy: null });
/** What the last tap led to, for the component to move focus and speak: made, removed or failed. */
export const $alertOutcome = atom<{ variant: number; outcome: 'added' | 'removed'; seq: number } | null>(null);

let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(op: () => Promise<T>): Promise<T> => {
  const next = queue.then(op, op);
  queue = next.catch(() => undefined);
  return next;
};

let pending: number | null = null;
let seq = 0;
/** How long a loaded list is taken as it is. */
const FRESH_MS = 3000;
/** The load under way (or the last one), the session token it is for, and when it ended. */
let loading: Promise<void> | null = null;
let loadingFor = '';
let loadedAt = 0;
let wired = false;

/** Listens for sign-in and sign-out once per page: a guest's wish is made after sign-in; sign-out forgets all. */
function wire(): void {
  if (wired) return;
  wired = true;
  onAuthEvent((event) => {
    if (event === 'logged-out') {
      pending = null;
      loading = null;
      loadingFor = '';
      $alerts.set({ waiting: null, busy: null });
      return;
    }
    const wish = pending;
    pending = null;
    void refresh().then(() => (wish === null ? undefined : add(wish)));
  });
  // the sign-in dialog closed without a sign-in: the wish is dropped
  $signInOpen.listen((open) => {
    if (!open && !$auth.get().isAuthenticated) pending = null;
  });
}

/**
 * Loads the shopper's waiting alerts when a sold-out variant's button shows: again after a few seconds (the
 * account page, another remote, may have cancelled one meanwhile); a call made while one is under way, or
 * just after it, shares it.
 */
export function refresh(): Promise<void> {
  wire();
  const token = $auth.get().token;
  if (!$auth.get().isAuthenticated || !token) return Promise.resolve();
  if (loadingFor === token && (loading || Date.now() - loadedAt < FRESH_MS)) return loading ?? Promise.resolve();
  loadingFor = token;
  const load = serial(async () => {
    try {
      const list = await profileApi(getApi()).stockAlerts();
      $alerts.set({ ...$alerts.get(), waiting: list.map((a) => a.variant_id) });
    } catch {
      // not known: the button is offered, and subscribing is idempotent anyway
      $alerts.set({ ...$alerts.get(), waiting: $alerts.get().waiting ?? [] });
    }
  }).finally(() => {
    loadedAt = Date.now();
    if (loading === load) loading = null;
  });
  loading = load;
  return load;
}

/** Waits for `variantId`; a guest is asked to sign in first. Rejects with the API's error. */
export function requestAlert(variantId: number): Promise<void> {
  wire();
  if (!$auth.get().isAuthenticated) {
    pending = variantId;
    openSignIn();
    return Promise.resolve();
  }
  return add(variantId);
}

function add(variantId: number): Promise<void> {
  return serial(async () => {
    $alerts.set({ ...$alerts.get(), busy: variantId });
    try {
      await profileApi(getApi()).addStockAlert(variantId);
      const waiting = $alerts.get().waiting ?? [];
      $alerts.set({ waiting: waiting.includes(variantId) ? waiting : [...waiting, variantId], busy: null });
      $alertOutcome.set({ variant: variantId, outcome: 'added', seq: ++seq });
    } catch (err) {
      $alerts.set({ ...$alerts.get(), busy: null });
      throw err;
    }
  });
}

/** Stops waiting for `variantId`. */
export function cancelAlert(variantId: number): Promise<void> {
  return serial(async () => {
    $alerts.set({ ...$alerts.get(), busy: variantId });
    try {
      await profileApi(getApi()).cancelStockAlert(variantId);
      $alerts.set({ waiting: ($alerts.get().waiting ?? []).filter((id) => id !== variantId), busy: null });
      $alertOutcome.set({ variant: variantId, outcome: 'removed', seq: ++seq });
    } catch (err) {
      $alerts.set({ ...$alerts.get(), busy: null });
      throw err;
    }
  });
}

/**
 * A refusal of a variant the page shows (so it exists and may be seen): the shopper already waits for as
 * many as the shop keeps (422 on `variant_id`; the API's `max` is not passed on by the client).
 */
export const isAlertLimit = (err: unknown): boolean => err instanceof ApiError && err.status === 422 && 'variant_id' in err.fields;

/** Tests: forget everything between cases. */
export function resetAlertsForTests(): void {
  pending = null;
  loading = null;
  loadingFor = '';
  loadedAt = 0;
  queue = Promise.resolve();
  $alerts.set({ waiting: null, busy: null });
  $alertOutcome.set(null);
}
