// The packing slip and the order's page name the order in the browser tab (in the staff member's language),
// so that several orders open in tabs read apart; the slip offers Print only for an order that is there; an
// address of no screen is titled "not found", not "Dashboard".
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import { orderDetail } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(() => {
  resetApp();
  window.print = jest.fn();
});

const orders = { body: { data: [], meta: { latest_id: 0 } } };

test('the slip’s tab title names the slip in the staff member’s language', async () => {
  act(() => setLanguage('ru'));
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } }, 'GET /api/admin/orders': orders });
  renderAdmin('/orders/BZ-100042/slip', staffMember('manager'));
  expect(await screen.findByRole('button', { name: 'Печать' })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe('Упаковочный лист BZ-100042 — Bozor admin'));
});

test('the order’s page names the order in the tab, follows the language, and the list is “Orders” again', async () => {
  act(() => setLanguage('ru'));
  fakeApi({ 'GET /api/admin/orders/BZ-100042': { body: { order: orderDetail() } }, 'GET /api/admin/orders': orders, 'GET /api/store/stores': { body: { data: [] } } });
  renderAdmin('/orders/BZ-100042', staffMember('manager'));
  expect(await screen.findByTestId('order-number')).toBeTruthy();
  await waitFor(() => expect(document.title).toBe('Заказ BZ-100042 — Bozor admin'));
  act(() => setLanguage('uz'));
  await waitFor(() => expect(document.title).toBe('Buyurtma BZ-100042 — Bozor admin'));
  fireEvent.click(screen.getByRole('link', { name: '← Barcha buyurtmalar' }));
  await waitFor(() => expect(document.title).toBe('Buyurtmalar — Bozor admin'));
});

test('a slip whose order is not found offers no Print button', async () => {
  fakeApi({ 'GET /api/admin/orders': orders });
  renderAdmin('/orders/BZ-1/slip', staffMember('manager'));
  expect(await screen.findByTestId('error')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  expect(window.print).not.toHaveBeenCalled();
});

test('an unknown address is titled “Page not found”, not “Dashboard”', async () => {
  fakeApi({ 'GET /api/admin/orders': orders, 'GET /api/admin/dashboard': { body: {} } });
  renderAdmin('/blog', staffMember('manager'));
  expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe('Page not found — Bozor admin'));
});

/** The style rules that apply to `el` on a phone's screen (≤ 600 px): the slip's own and the page's, media queries evaluated for it. */
function phoneRules(el: Element): CSSStyleRule[] {
  const applies = (media: string) => /^screen and \(max-width: ?600px\)$/.test(media.trim());
  const out: CSSStyleRule[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of [...rules]) {
      if (rule instanceof CSSMediaRule) {
        if (applies(rule.media.mediaText)) walk(rule.cssRules);
      } else if (rule instanceof CSSStyleRule) {
        if (rule.selectorText.split(',').some((s) => !s.includes('::') && el.matches(s))) out.push(rule);
      }
    }
  };
  for (const sheet of [...document.styleSheets]) walk(sheet.cssRules);
  return out;
}
const declared = (el: Element, property: string) => phoneRules(el).map((r) => r.style.getPropertyValue(property)).filter(Boolean);

test('on a 360 px screen the slip keeps amounts and codes whole, and stacks each line (name, then captioned values); on paper it stays a table', async () => {
  const base = orderDetail();
  const order = orderDetail({
    number: 'BZ-100007',
    total: 1985000,
    items_total: 1960000,
    delivery_price: 25000,
    items: [
      { ...base.items[0]!, name: 'Artel AOH-85 oil radiator', sku: 'ART-AOH-85-WHITE', mxik: '08516001001000000', quantity: 1, total: 1599000 },
      { ...base.items[1]!, quantity: 2, total: 361000 },
    ],
  });
  fakeApi({ 'GET /api/admin/orders/BZ-100007': { body: { order } }, 'GET /api/admin/orders': orders });
  renderAdmin('/orders/BZ-100007/slip', staffMember('manager'));
  await screen.findByRole('heading', { name: 'BZ-100007' });
  const slip = screen.getByTestId('packing-slip');
  // every amount and code sits whole in one element that no rule lets break, on a phone or on paper
  const whole = [...slip.querySelectorAll('table .adm-slip-whole')];
  expect(whole.map((w) => w.textContent?.replace(/\s/g, ' '))).toEqual([
    'ART-AOH-85-WHITE', '08516001001000000', '1', '1,599,000 UZS',
    'AR-FN-2', '08414001001000000', '2', '361,000 UZS',
    '25,000 UZS', '1,985,000 UZS',
  ]);
  for (const w of whole) {
    expect(getComputedStyle(w).whiteSpace).toBe('nowrap');
    expect(declared(w, 'white-space')).toEqual(['nowrap']);
  }
  // on the phone: the header row is out of sight and each line is a block of its own …
  const table = slip.querySelector('table')!;
  expect(declared(table.querySelector('thead')!, 'position')).toContain('absolute');
  const line = table.querySelector('tbody tr')!;
  expect(declared(line, 'display').at(-1)).toBe('block');
  // … the item's name first, then each value beside its caption
  const cells = [...line.querySelectorAll('td')];
  expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([null, 'SKU', 'MXIK', 'Qty', 'Total']);
  expect(declared(cells[1]!, 'display').at(-1)).toBe('flex');
  // on paper (print media) none of this applies: the phone's rules are for the screen only
  const media = [...document.styleSheets].flatMap((s) => [...s.cssRules]).filter((r): r is CSSMediaRule => r instanceof CSSMediaRule).map((r) => r.media.mediaText);
  expect(media.filter((m) => m.includes('600px'))).toEqual(['screen and (max-width:600px)']);
  expect(getComputedStyle(line).display).toBe('table-row');
});
