// App state (docs/product.md "Stores"): language, oneClickBuyItem, categories, isIos, deliverySettings, checkoutForm;
// plus the toasts and the sign-in dialog switch that every remote may use.
import { atom, map } from 'nanostores';
import { DEFAULT_LANG, type Lang } from '../langs';
import type { Answer } from '../api/operations';
import type { CartItem, CheckoutForm, DeliverySettings } from '../schemas';

/** A category of the shop's tree, its children nested, as GET …/resources/categories answers it. */
export type CategoryNode = Answer<'/backend/api/ext/v1/resources/categories', 'get'>['data'][number];

export const $language = atom<Lang>(DEFAULT_LANG);
export const $oneClickBuyItem = atom<CartItem | null>(null);
export const $categories = atom<CategoryNode[]>([]);
export const $isIos = atom<boolean>(false);
export const $deliverySettings = atom<DeliverySettings | null>(null);

export const DEFAULT_CHECKOUT_FORM: CheckoutForm = {
  region: 'tashkent',
  city: '',
  deliveryType: '',
  fargoDeliveryPrice: null,
  currentStore: null,
  location: null,
  address: '',
  flat: '',
  entrance: '',
  floor: '',
  intercom: '',
  address_comment: '',
  name: '',
  surname: '',
  phone: '',
  paymentType: '',
  currentCard: 0,
};

export const $checkoutForm = map<CheckoutForm>({ ...DEFAULT_CHECKOUT_FORM });

export function setLanguage(lang: Lang) {
  if ($language.get() !== lang) $language.set(lang);
}

export function setOneClickBuyItem(item: CartItem | null) {
  $oneClickBuyItem.set(item);
}

export function setCategories(categories: CategoryNode[]) {
  $categories.set(categories);
}

export function setDeliverySettings(settings: DeliverySettings | null) {
  $deliverySettings.set(settings);
}

export function updateCheckoutForm(patch: Partial<CheckoutForm>) {
  $checkoutForm.set({ ...$checkoutForm.get(), ...patch });
}

export function resetCheckoutForm() {
  $checkoutForm.set({ ...DEFAULT_CHECKOUT_FORM });
}

/**
 * Toasts: auto-closed after TOAST_MS unless given another duration. A phone's screen is small, so at most
 * TOASTS_SHOWN are on it (a new one pushes out the oldest), and the same words again (Buy pressed twice,
 * "cart full" each time) replace the toast that says them, which is said again and starts its time afresh.
 */
export const TOAST_MS = 5000;
const TOASTS_SHOWN = 2;
export type ToastKind = 'info' | 'success' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}
export const $toasts = atom<Toast[]>([]);
let toastSeq = 0;
const toastTimers = new Map<number, ReturnType<typeof setTimeout>>();

function stopTimer(id: number) {
  clearTimeout(toastTimers.get(id));
  toastTimers.delete(id);
}

export function showToast(message: string, kind: ToastKind = 'info', durationMs: number = TOAST_MS): number {
  const id = ++toastSeq;
  const shown = [...$toasts.get().filter((t) => t.message !== message || t.kind !== kind), { id, kind, message }].slice(-TOASTS_SHOWN);
  for (const t of $toasts.get()) if (!shown.includes(t)) stopTimer(t.id);
  $toasts.set(shown);
  toastTimers.set(id, setTimeout(() => dismissToast(id), durationMs));
  return id;
}

export function dismissToast(id: number) {
  stopTimer(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** The sign-in dialog (owned by the account remote, opened from anywhere). */
export const $signInOpen = atom<boolean>(false);
export function openSignIn() {
  $signInOpen.set(true);
}
export function closeSignIn() {
  $signInOpen.set(false);
}
