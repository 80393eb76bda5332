// What the marking codes' tests (marking-codes.test.tsx, marking-codes-refusals.test.tsx) share: the orders'
// list behind the page, three codes a scanner reads, an order with a marked line, and a unit's field.
import { screen } from '@testing-library/react';
import type { OrderDetail } from '../src/api/types';
import { orderDetail } from './fixtures';

export const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
export const CODES = ['04780069000130aB!"%&1', '04780069000130aB!"%&2', '0478006900013012345_?'];

/** An assembling Click order: a marked kettle (2 units) and an unmarked fan. */
export function markedOrder(patch: Partial<OrderDetail> = {}, labels: string[] = []): OrderDetail {
  const base = orderDetail();
  return orderDetail({
    status: 'assembling',
    status_label: 'Being assembled',
    payment_method: 'click',
    payment_status: 'paid',
    payment_status_label: 'Paid',
    allowed_next: ['shipping', 'cancelled'],
    labels_missing: labels.length === 2 ? 0 : 2,
    fiscal_receipt: labels.length === 2 ? 'sent' : 'waiting_for_labels',
    items: [{ ...base.items[0]!, quantity: 2, total: 900000, marked: true, labels }, base.items[1]!],
    ...patch,
  });
}

export const field = (n: number) => screen.getByLabelText(`Unit ${n} of 2`) as HTMLInputElement;
