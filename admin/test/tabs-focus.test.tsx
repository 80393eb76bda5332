// Keyboard focus on a row of tabs (the uz/ru/en tabs of the product, post and page forms; the order status
// tabs) is seen whole at desktop widths: the strip scrolls sideways, which clips whatever is drawn outside
// it, so the focus ring is drawn inside the tab. jsdom lays nothing out: this checks the desktop rules of
// styles.ts as the cascade resolves them for the focused tab — a ring drawn within the tab's own box.
import { screen, within } from '@testing-library/react';
import { adminCss } from '../src/styles';
import { catalogLookups, ordersPage, orderRow } from './fixtures';
import { fakeApi, renderAdmin, resetApp, staffMember } from './support';

beforeEach(resetApp);

let sheet: CSSStyleSheet;
beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = adminCss;
  document.head.append(style);
  sheet = style.sheet!;
});

/** The rules a 1366 px screen applies: those outside @media, and none of the phone's or the printer's. */
const desktopRules = (): CSSStyleRule[] => [...sheet.cssRules].filter((r): r is CSSStyleRule => r instanceof CSSStyleRule);

function specificity(selector: string): number {
  const ids = selector.match(/#[\w-]+/g)?.length ?? 0;
  const classes = selector.match(/\.[\w-]+|\[[^\]]+\]|:(?!:)[\w-]+/g)?.length ?? 0;
  const types = selector.match(/(^|[\s>+~])[a-z][\w-]*/gi)?.length ?? 0;
  return ids * 10000 + classes * 100 + types;
}

/** The declared value that wins for `property` on `el`, with `:focus-visible` taken as matching (it has the focus). */
function focusedStyle(el: Element, property: string): string {
  let best: { value: string; weight: number; order: number } | null = null;
  desktopRules().forEach((rule, order) => {
    const value = rule.style.getPropertyValue(property);
    if (!value) return;
    for (const part of rule.selectorText.split(',').map((p) => p.trim())) {
      if (part.includes('::')) continue;
      const plain = part.replace(/:focus-visible/g, '') || '*';
      if (!el.matches(plain)) continue;
      const weight = specificity(part);
      if (!best || weight > best.weight || (weight === best.weight && order >= best.order)) best = { value, weight, order };
    }
  });
  return best ? (best as { value: string }).value : '';
}

const px = (value: string) => Number(/(-?[\d.]+)px/.exec(value)?.[1] ?? Number.NaN);

/** The focused tab's ring lies within the tab: its width is taken back by a negative offset. */
function expectRingInside(tab: HTMLElement) {
  const strip = tab.closest('.adm-tabs')!;
  expect(focusedStyle(strip, 'overflow-x')).toBe('auto');
  const outline = focusedStyle(tab, 'outline');
  expect(outline).toMatch(/solid/);
  const width = px(outline);
  expect(width).toBeGreaterThan(0);
  expect(px(focusedStyle(tab, 'outline-offset')) + width).toBeLessThanOrEqual(0);
}

test('the uz/ru/en tabs of the product form show the whole focus ring', async () => {
  fakeApi({ 'GET /api/admin/catalog/lookups': { body: catalogLookups } });
  renderAdmin('/products/new', staffMember('manager'));
  const texts = await screen.findByRole('tablist', { name: 'Language of the texts' });
  for (const tab of within(texts).getAllByRole('tab')) expectRingInside(tab);
});

test('the order status tabs show the whole focus ring', async () => {
  fakeApi({ 'GET /api/admin/orders': { body: ordersPage([orderRow(1)]) }, 'GET /api/admin/stores': { body: { data: [] } } });
  renderAdmin('/orders', staffMember('operator'));
  expectRingInside(await screen.findByTestId('tab-new'));
  expectRingInside(screen.getByTestId('tab-all'));
});
