// How an order reads back to the shopper and to staff: the pure helpers of src/api/orders.ts.
import { addressLines, deliveryFeeKind, orderHistorySteps, orderItemOptions, storeLine } from '../src/api/orders';

describe('reading an order back', () => {
  it('a pickup store reads by its name, then its address in brackets; either alone when the other is missing', () => {
    expect(storeLine({ name: 'Bozor Chilanzar', address: '42 Bunyodkor Avenue' })).toBe('Bozor Chilanzar (42 Bunyodkor Avenue)');
    expect([storeLine({ name: 'Bozor Chilanzar', address: null }), storeLine({ name: null, address: '42 Bunyodkor Avenue' }), storeLine(null)]).toEqual([
      'Bozor Chilanzar',
      '42 Bunyodkor Avenue',
      '',
    ]);
  });

  it('an address reads region and city by name, then street, flat, entrance, floor, intercom', () => {
    const address = { region: 'samarkand', region_name: 'Samarqand viloyati', city: 'urgut', city_name: 'Urgut', address: 'Mustaqillik 5', flat: '12', entrance: '', floor: '3', intercom: null, comment: 'x' };
    expect(addressLines(address)).toEqual([
      { part: 'region', value: 'Samarqand viloyati' },
      { part: 'city', value: 'Urgut' },
      { part: 'street', value: 'Mustaqillik 5' },
      { part: 'flat', value: '12' },
      { part: 'floor', value: '3' },
    ]);
    // an answer without names still shows where the order goes
    expect(addressLines({ region: 'tashkent', address: 'Bunyodkor 12' })).toEqual([
      { part: 'region', value: 'tashkent' },
      { part: 'street', value: 'Bunyodkor 12' },
    ]);
    expect(addressLines(null)).toEqual([]);
  });

  it('a history as the shopper reads it keeps the payment’s own steps: checked, then paid', () => {
    const at = '2026-11-26T06:09:35Z';
    const history = [
      { status: 'new', payment_status: 'pending', at },
      { status: 'new', payment_status: 'checking', at },
      { status: 'new', payment_status: 'paid', at },
      { status: 'new', payment_status: 'paid', at }, // a staff note: nothing changed
      { status: 'cancelled', payment_status: 'refund_pending', at },
      { status: 'cancelled', payment_status: 'refunded', at },
    ];
    expect(orderHistorySteps(history).map(({ entry, status, payment }) => `${entry.status}/${entry.payment_status} ${status ? 'S' : ''}${payment ? 'P' : ''}`)).toEqual([
      'new/pending S',
      'new/checking P',
      'new/paid P',
      'cancelled/refund_pending SP',
      'cancelled/refunded P',
    ]);
    // a first entry already paid says so; one without a payment status is the status alone
    expect(orderHistorySteps([{ status: 'new', payment_status: 'paid', at }])[0]).toMatchObject({ status: true, payment: true });
    expect(orderHistorySteps([{ status: 'new', at }])[0]).toMatchObject({ status: true, payment: false });
  });

  it('words an order line’s options as the cart does: the values, in order', () => {
    expect(orderItemOptions({ attributes: [{ name: 'Размер', value: '1,5-спальный' }, { name: 'Цвет', value: 'бежевый' }] })).toBe('1,5-спальный, бежевый');
    expect(orderItemOptions({ attributes: [] })).toBe('');
    expect(orderItemOptions({})).toBe('');
    expect(orderItemOptions({ attributes: null })).toBe('');
  });

  it("reads a 0 delivery fee by the delivery: free for a courier or a pickup, the courier's app for express, by phone for 1 click", () => {
    const kind = (type: string, fee: number) => deliveryFeeKind({ delivery: { type }, delivery_fee: fee });
    expect([kind('courier', 0), kind('pickup', 0), kind('express', 0), kind('phone', 0), kind('courier', 25000)]).toEqual(['free', 'free', 'courier_app', 'by_phone', 'amount']);
  });
});
