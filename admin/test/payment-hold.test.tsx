// An order whose online payment is open says what that means, in the staff member's language, and does not
// offer the steps the API refuses then as if they would work. `checking` (the bank has not answered): cancel,
// hand to courier and picked up wait (409 PAYMENT_CHECKING), confirming and assembling go on. Still `pending`
// (the shopper may be paying on the Payme/Click page, or a card payment is under way): every step waits,
// confirm too (409 PAYMENT_AWAITED: Payme and Click pay only an order still new), and the notice says so.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';
import { orderDetail } from './fixtures';

beforeEach(resetApp);

const ordersList = { body: { data: [], meta: { page: 1, per_page: 50, total: 0, last_page: 1, latest_id: 42, counts: {} } } };
const checking = { payment_method: 'card', payment_status: 'checking', payment_status_label: 'Being checked', receipt_id: 'rcpt-1' } as const;

const buttons = () =>
  within(screen.getByTestId('order-actions'))
    .getAllByRole('button')
    .map((b) => ({ name: b.textContent, disabled: (b as HTMLButtonElement).disabled }));

it('a card payment being checked: the notice says the bank has not answered, and Cancel is not offered as if it worked', async () => {
  const api = fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail(checking) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('owner'));
  const notice = await screen.findByTestId('order-payment-hold');
  expect(notice.textContent).toBe(
    'Payment being checked: the bank has not answered yet' +
      'Whether the card was charged is not known yet. The shop asks the bank again by itself; nobody needs to do anything. ' +
      'Until the payment is settled, do not hand over the goods, and the order cannot be cancelled. Confirming and assembling the order may go on. ' +
      'This page updates by itself once the payment is settled.',
  );
  expect(buttons()).toEqual([
    { name: 'Confirm', disabled: false },
    { name: 'Cancel', disabled: true },
  ]);
  // the disabled step is tied to its reason for a screen reader
  const cancel = screen.getByRole('button', { name: 'Cancel' });
  expect(cancel.getAttribute('aria-describedby')).toBe('order-payment-hold');
  fireEvent.click(cancel);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.to('POST /api/admin/orders/BZ-100042/status')).toHaveLength(0);
});

it('while checking the order may be assembled, but not handed to the courier; once packed the focus goes to the heading', async () => {
  let current = orderDetail({ ...checking, status: 'confirmed', status_label: 'Confirmed', allowed_next: ['assembling', 'cancelled'] });
  fakeApi({
    'GET /api/admin/orders/BZ-100042': () => ({ body: { order: current } }),
    'POST /api/admin/orders/BZ-100042/status': () => {
      current = { ...current, status: 'assembling', status_label: 'Assembling', allowed_next: ['shipping', 'cancelled'] };
      return { body: { order: current } };
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const assemble = await screen.findByRole('button', { name: 'Start assembling' });
  expect(assemble).toHaveProperty('disabled', false);
  assemble.focus();
  fireEvent.click(assemble);
  await screen.findByRole('button', { name: 'Hand to courier' });
  expect(buttons()).toEqual([
    { name: 'Hand to courier', disabled: true },
    { name: 'Cancel', disabled: true },
  ]);
  // nothing can be done now: no "may go on", and the keyboard is on the section's heading, not the page's top
  expect(screen.getByTestId('order-payment-hold').textContent).not.toContain('may go on');
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Next step' })));
});

it('a pickup order being checked cannot be handed over (Picked up) either', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': {
      body: { order: orderDetail({ ...checking, delivery_type: 'pickup', address: null, store: { id: 2, name: 'Bozor Chilanzar', address: 'Bunyodkor 1' }, status: 'ready_for_pickup', status_label: 'Ready', allowed_next: ['picked_up', 'cancelled'] }) },
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('store'));
  await screen.findByTestId('order-payment-hold');
  expect(buttons()).toEqual([
    { name: 'Picked up', disabled: true },
    { name: 'Cancel', disabled: true },
  ]);
});

it('an unpaid Payme order waits until it is paid: no step at all, Confirm neither; it cancels itself when the time runs out (in Russian)', async () => {
  act(() => setLanguage('ru'));
  const api = fakeApi({
    'GET /api/admin/orders/BZ-100042': {
      body: { order: orderDetail({ payment_method: 'payme', payment_status: 'pending', payment_status_label: 'Не оплачен', payment_expires_at: '2026-11-26T09:32:00Z' }) },
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  const notice = await screen.findByTestId('order-payment-hold');
  expect(notice.querySelector('strong')?.textContent).toBe('Ещё не оплачен: ждём оплату покупателя');
  expect(notice.textContent).toContain(
    'Покупатель, возможно, как раз платит на странице Payme, а Payme принимает оплату только за ещё не подтверждённый заказ. ' +
      'Поэтому заказ ждёт, пока его оплатят: до тех пор его нельзя подтвердить, собрать или отменить. ' +
      'Если время на оплату истечёт, заказ отменится сам',
  );
  // confirming would make it unpayable: the notice never says it may go on
  expect(notice.textContent).not.toContain('Подтверждать и собирать заказ можно.');
  // when it ends by itself, on the shop's clock (Tashkent, UTC+5)
  expect(screen.getByTestId('order-payment-expires').textContent).toMatch(/^Срок оплаты истекает 26\.11\.2026.*14:32/);
  expect(buttons()).toEqual([
    { name: 'Подтвердить', disabled: true },
    { name: 'Отменить', disabled: true },
  ]);
  // each step is tied to the notice saying why, and pressing it sends nothing
  const confirm = screen.getByRole('button', { name: 'Подтвердить' });
  expect(confirm.getAttribute('aria-describedby')).toBe('order-payment-hold');
  fireEvent.click(confirm);
  expect(api.to('POST /api/admin/orders/BZ-100042/status')).toHaveLength(0);
});

it('an unpaid Click order already being assembled (confirmed before the rule) offers no step either, in Uzbek', async () => {
  act(() => setLanguage('uz'));
  fakeApi({
    'GET /api/admin/orders/BZ-100042': {
      body: {
        order: orderDetail({ payment_method: 'click', payment_status: 'pending', payment_status_label: 'Toʻlanmagan', status: 'assembling', status_label: 'Yigʻilmoqda', allowed_next: ['shipping', 'cancelled'] }),
      },
    },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('operator'));
  const notice = await screen.findByTestId('order-payment-hold');
  expect(notice.textContent).toContain('Shuning uchun buyurtma toʻlanguncha kutadi: shu vaqtgacha uni tasdiqlash, yigʻish yoki bekor qilib boʻlmaydi.');
  expect(notice.textContent).not.toContain('Buyurtmani tasdiqlash va yigʻish mumkin.');
  expect(buttons().map((b) => b.disabled)).toEqual([true, true]);
});

it('a card payment still under way (pending): every step waits, and the notice says the order waits until it is paid', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ payment_method: 'card', payment_status: 'pending', payment_status_label: 'Not paid' }) } },
    'GET /api/admin/orders': ordersList,
  });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  const notice = await screen.findByTestId('order-payment-hold');
  expect(notice.textContent).toBe(
    'Not paid yet: the shopper’s payment is awaited' +
      'The card payment is still under way; the shop settles it by itself. The order waits until it is paid: until then it cannot be confirmed, assembled or cancelled. ' +
      'This page updates by itself once the payment is settled.',
  );
  expect(buttons()).toEqual([
    { name: 'Confirm', disabled: true },
    { name: 'Cancel', disabled: true },
  ]);
});

it('the notice is in Uzbek too', async () => {
  act(() => setLanguage('uz'));
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ ...checking, payment_status_label: 'Tekshirilmoqda' }) } }, 'GET /api/admin/orders': ordersList });
  renderAdmin('/orders/BZ-100042', staffMember('owner'));
  const notice = await screen.findByTestId('order-payment-hold');
  expect(notice.querySelector('strong')?.textContent).toBe('Toʻlov tekshirilmoqda: bank hali javob bermadi');
  expect(notice.textContent).toContain('Toʻlov aniqlanmaguncha tovarni topshirmang; buyurtmani bekor qilib boʻlmaydi.');
});

it('cash orders, and paid card orders, keep every step and show no notice', async () => {
  fakeApi({
    'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail({ status: 'assembling', status_label: 'Assembling', allowed_next: ['shipping', 'cancelled'] }) } },
    'GET /api/admin/orders/BZ-100043': {
      body: { order: orderDetail({ number: 'BZ-100043', payment_method: 'card', payment_status: 'paid', payment_status_label: 'Paid', status: 'assembling', status_label: 'Assembling', allowed_next: ['shipping', 'cancelled'] }) },
    },
    'GET /api/admin/orders': ordersList,
  });
  const view = renderAdmin('/orders/BZ-100042', staffMember('operator'));
  await screen.findByRole('button', { name: 'Hand to courier' });
  expect(screen.queryByTestId('order-payment-hold')).toBeNull();
  expect(buttons()).toEqual([
    { name: 'Hand to courier', disabled: false },
    { name: 'Cancel', disabled: false },
  ]);
  view.unmount();
  renderAdmin('/orders/BZ-100043', staffMember('operator'));
  await screen.findByRole('button', { name: 'Hand to courier' });
  expect(screen.queryByTestId('order-payment-hold')).toBeNull();
  expect(buttons().every((b) => !b.disabled)).toBe(true);
});
