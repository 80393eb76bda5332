import { $newOrders, $seenOrderId, markOrdersSeen, noteLatestOrders } from '../src/hooks/newOrders';

beforeEach(() => {
  localStorage.clear();
  $seenOrderId.set(null);
  $newOrders.set({ count: 0, latestId: null });
});

test('in a shop with no orders yet, the very first order is announced as new', () => {
  noteLatestOrders([], 0);
  expect($seenOrderId.get()).toBe(0);
  noteLatestOrders([{ id: 1 }], 1);
  expect($newOrders.get()).toEqual({ count: 1, latestId: 1 });
  markOrdersSeen();
  expect($newOrders.get().count).toBe(0);
  expect(localStorage.getItem('bozor-admin-seen-order')).toBe('1');
});
