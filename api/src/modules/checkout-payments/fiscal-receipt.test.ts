import { receiptState } from './fiscal-receipt.js';

describe('a Click receipt as staff see it', () => {
  test('each OFD record stands for one state; nothing recorded is null', () => {
    expect(receiptState(null)).toBeNull();
    expect(receiptState({ PERFORM: { receipt_id: 1 } })).toBeNull();
    expect(receiptState({ OFD: { waiting: 'labels', since: '2026-11-22T09:00:00.000Z' } })).toBe('waiting_for_labels');
    expect(receiptState({ OFD: { submitting: '2026-11-22T09:00:00.000Z' } })).toBe('sending');
    expect(receiptState({ OFD: { error_code: 0, error_note: 'Success' } })).toBe('sent');
    expect(receiptState({ OFD: { error_code: -5, error_note: 'Invalid' } })).toBe('refused');
    expect(receiptState({ OFD: { not_submitted: 'click ofd submit_items: HTTP 502' } })).toBe('not_sent');
  });
});
