// "N new" orders: orders still new whose id is above the highest one the staff member has acknowledged (kept in
// localStorage, so a reload does not reset it). The layout polls every 10 s; the first answer in a
// browser only sets the baseline.
import { atom } from 'nanostores';
import type { OrderRow } from '../api/types';

export const SEEN_KEY = 'bozor-admin-seen-order';
export const POLL_MS = 10_000;

function readSeen(): number | null {
  try {
    // 0 is a real answer: the shop had no orders yet, so its very first one is new.
    const stored = localStorage.getItem(SEEN_KEY);
    if (stored === null) return null;
    const n = Number(stored);
    return Number.isInteger(n) && n >= 0 ? n : null;
  } catch {
    return null;
  }
}

export const $seenOrderId = atom<number | null>(readSeen());
/** How many orders arrived since the last acknowledged one (of the newest page polled), and the newest id. */
export const $newOrders = atom<{ count: number; latestId: number | null }>({ count: 0, latestId: null });

/**
 * Takes a poll's newest orders and the API's `latest_id`. Only orders still waiting as new count: one
 * already cancelled (a failed card payment) or moved on by a colleague is nothing to look at, and the
 * badge on the New tab must not say more than the tab holds.
 */
export function noteLatestOrders(rows: readonly Pick<OrderRow, 'id' | 'status'>[], latestId: number | null) {
  const seen = $seenOrderId.get();
  if (seen === null) {
    if (latestId !== null) markOrdersSeen(latestId);
    $newOrders.set({ count: 0, latestId });
    return;
  }
  $newOrders.set({ count: rows.filter((r) => r.id > seen && r.status === 'new').length, latestId });
}

/** The staff member has looked at the new orders: the badge goes. */
export function markOrdersSeen(latestId: number | null = $newOrders.get().latestId) {
  if (latestId === null) return;
  try {
    localStorage.setItem(SEEN_KEY, String(latestId));
  } catch {
    // kept for this page only
  }
  $seenOrderId.set(latestId);
  $newOrders.set({ count: 0, latestId });
}
