import { $newOrders, $seenOrderId, markOrdersSeen, noteLatestOrders } from '../src/hooks/newOrders';

beforeEach(() => {
  localStorage.clear();
  $seenOrderId.set(null);
  $newOrders.set({ count: 0, latestId: null });
});

test('in a shop with no orders yet, the very first order is announced as new', () => {
  noteLatestOrders([], 0);
  expect($seenOrderId.get()).toBe(0);
  noteLatestOrders([{ id: 1, status: 'new' }], 1);
  expect($newOrders.get()).toEqual({ count: 1, latestId: 1 });
  markOrdersSeen();
  expect($newOrders.get().count).toBe(0);
  expect(localStorage.getItem('bozor-admin-seen-order')).toBe('1');
});

test('an order that arrived but is already cancelled or confirmed is not announced as new', () => {
  noteLatestOrders([{ id: 4, status: 'new' }], 4);
  noteLatestOrders(
    [
      { id: 7, status: 'cancelled' },
      { id: 6, status: 'new' },
      { id: 5, status: 'confirmed' },
      { id: 4, status: 'new' },
    ],
    7,
  );
  expect($newOrders.get()).toEqual({ count: 1, latestId: 7 });
});
