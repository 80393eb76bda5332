// The customers' cards on a 360–390 px phone: a caption too long to share its line ("Buyurtmalar summasi
// (bekor qilinganlarsiz)") wraps and its value goes under it, instead of pushing the value off screen and
// the page sideways. jsdom lays nothing out: these tests check what that layout stands on — every value in
// one box next to its caption, and the phone rules of styles.ts as the cascade resolves them for these very
// cells (the desktop's `td.num{white-space:nowrap}` included) — not the widths themselves.
import { act, screen, within } from '@testing-library/react';
import { setLanguage } from '@bozor/shared';
import type { CustomerDetail } from '../src/api/types';
import { customer as customerFixture } from './fixtures';
import { adminCss } from '../src/styles';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

const customer = customerFixture({
  user_type: 'legal',
  company_name: 'Toshkent Maishiy Texnika Savdo Markazi MChJ',
  inn: '123456789',
  blocked: true,
  orders_count: 14,
  orders_total: 21835000,
});

// ---- a small cascade over adminCss, as a phone (≤ 760 px) applies it: the declared value that wins on an
// element (or its ::before), by specificity then order, inherited from the parent where CSS inherits it
let sheet: CSSStyleSheet;
beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = adminCss;
  document.head.append(style);
  sheet = style.sheet!;
});

const phoneRules = (): CSSStyleRule[] =>
  [...sheet.cssRules].flatMap((r) => (r instanceof CSSMediaRule ? (/max-width:\s*760px/.test(r.media.mediaText) ? [...r.cssRules] : []) : [r])).filter((r): r is CSSStyleRule => r instanceof CSSStyleRule);

function specificity(selector: string): number {
  const ids = selector.match(/#[\w-]+/g)?.length ?? 0;
  const classes = selector.match(/\.[\w-]+|\[[^\]]+\]|:(?!:)[\w-]+/g)?.length ?? 0;
  const types = (selector.match(/(^|[\s>+~])[a-z][\w-]*/gi)?.length ?? 0) + (selector.match(/::[\w-]+/g)?.length ?? 0);
  return ids * 10000 + classes * 100 + types;
}

const INHERITED = new Set(['white-space', 'overflow-wrap', 'text-align']);

function phoneStyle(el: Element, property: string, pseudo?: 'before'): string {
  let best: { value: string; weight: number; order: number } | null = null;
  phoneRules().forEach((rule, order) => {
    const value = rule.style.getPropertyValue(property);
    if (!value) return;
    for (const part of rule.selectorText.split(',').map((p) => p.trim())) {
      const isPseudo = part.endsWith(`::${pseudo}`);
      if (pseudo ? !isPseudo : part.includes('::')) continue;
      if (!el.matches(pseudo ? part.slice(0, -`::${pseudo}`.length) : part)) continue;
      const weight = specificity(part);
      if (!best || weight > best.weight || (weight === best.weight && order >= best.order)) best = { value, weight, order };
    }
  });
  if (best) return (best as { value: string }).value;
  if (!INHERITED.has(property)) return '';
  // ::before inherits from its element, an element from its parent
  const parent = pseudo ? el : el.parentElement;
  return parent ? phoneStyle(parent, property) : '';
}

/** Each cell of the row: its caption (data-label) and the box that holds its value. */
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll<HTMLTableCellElement>(':scope > td')];

/** What makes a caption and its value fit a phone's width, for one cell. */
function expectFitsAPhone(td: HTMLTableCellElement) {
  const value = td.querySelector(':scope > .adm-cell');
  // one box: several nodes would each be a flex item (a column) beside the caption
  expect(value).not.toBeNull();
  expect(td.children).toHaveLength(1);
  // the line breaks: a value that does not fit beside its caption goes under it
  expect(phoneStyle(td, 'display')).toBe('flex');
  expect(phoneStyle(td, 'flex-wrap')).toBe('wrap');
  // the caption wraps, and is never wider than the card
  expect(phoneStyle(td, 'content', 'before')).toBe('attr(data-label)');
  expect(phoneStyle(td, 'white-space', 'before')).toBe('normal');
  expect(phoneStyle(td, 'min-width', 'before')).toBe('0');
  expect(phoneStyle(td, 'max-width', 'before')).toBe('100%');
  expect(phoneStyle(td, 'overflow-wrap', 'before')).toBe('anywhere');
  // the value may shrink to the card and wraps rather than overflow; nothing clips it
  expect(phoneStyle(value!, 'min-width')).toBe('0');
  expect(phoneStyle(value!, 'max-width')).toBe('100%');
  expect(phoneStyle(value!, 'white-space')).toBe('normal');
  expect(phoneStyle(value!, 'overflow-wrap')).toBe('anywhere');
  expect(['', 'visible']).toContain(phoneStyle(value!, 'overflow'));
  expect(phoneStyle(value!, 'text-overflow')).toBe('');
}

test('the customers list in Uzbek: the long “orders total” caption wraps above its sum instead of widening the page', async () => {
  act(() => setLanguage('uz'));
  fakeApi({ 'GET /api/admin/customers': { body: { data: [customer], meta: { page: 1, per_page: 20, total: 1, last_page: 1 } } } });
  renderAdmin('/customers', staffMember('manager'));
  const table = await screen.findByTestId('customers-table');
  expect(table.classList.contains('adm-table--cards')).toBe(true);
  const row = within(table).getAllByRole('row')[1]!;
  const cells = cellsOf(row);
  expect(cells.map((td) => td.dataset.label)).toEqual(['Ism', 'Telefon', 'Turi', 'Buyurtmalar', 'Buyurtmalar summasi (bekor qilinganlarsiz)', 'Mijoz boʻlgan sana']);
  const spent = cells[4]!;
  expect(spent.classList.contains('num')).toBe(true);
  expect(spent.textContent).toMatch(/^21\s835\s000/);
  for (const td of cells) expectFitsAPhone(td);
});

test('a customer’s orders on a phone: the same cards, each value next to (or under) its caption', async () => {
  act(() => setLanguage('ru'));
  const detail: CustomerDetail = {
    customer,
    orders: [{ number: 'BZ-100042', created_at: '2026-11-23T08:30:00Z', status: 'delivered', status_label: 'Доставлен', payment_status: 'paid', total: 21835000 }],
  } as CustomerDetail;
  fakeApi({ 'GET /api/admin/customers/5': { body: detail }, 'GET /api/admin/orders': { body: { data: [], meta: { latest_id: 0 } } } });
  renderAdmin('/customers/5', staffMember('manager'));
  const orders = await screen.findByRole('region', { name: 'Заказы' });
  const row = within(orders).getAllByRole('row')[1]!;
  const cells = cellsOf(row);
  expect(cells).toHaveLength(4);
  for (const td of cells) expectFitsAPhone(td);
});
