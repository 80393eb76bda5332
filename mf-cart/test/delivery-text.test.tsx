// The delivery line of the cart's summary. The fee it shows (the settings' delivery_sum) is not what the
// checkout charges: that depends on the region and the weight (Samarkand 45 000, Karakalpakstan 65 000), so
// the cart says it as the least a courier costs, "from", and that it depends on them — in uz, ru and en.
import { render, screen, act } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { addToCart, clearCart, setLanguage, type CartItem, type Lang } from '@bozor/shared';
import CartRoutes from '../src/routes';
import { shopWithEveryLineInStock } from './fixtures';

const blender: CartItem = { product_id: 21, name: 'Blender', img_url: null, quantity: 1, price: 472000, slug: 'blender' };

beforeEach(() => {
  shopWithEveryLineInStock();
});

async function deliveryText(lang: Lang, line = blender) {
  setLanguage(lang);
  addToCart(line);
  const page = render(
    <MemoryRouter initialEntries={['/cart']}>
      <CartRoutes basePath={`/${lang}`} />
    </MemoryRouter>,
  );
  await screen.findAllByTestId('cart-line');
  // the amounts keep their digits together with no-break spaces; compared here as plain spaces
  const text = screen.getByTestId('delivery-text').textContent?.replace(/\u00a0|\u202f/g, ' ');
  page.unmount();
  act(() => clearCart());
  return text;
}

it('says the courier fee as "from", depending on the region and weight, in uz, ru and en', async () => {
  expect(await deliveryText('uz')).toBe('Kuryer orqali yetkazish: 25 000 soʻmdan; narx hudud va ogʻirlikka bogʻliq. 1 000 000 soʻmdan bepul yetkazib berish (yana 528 000 soʻm)');
  expect(await deliveryText('ru')).toBe('Доставка курьером: от 25 000 сум; стоимость зависит от региона и веса. Бесплатная доставка от 1 000 000 сум (ещё 528 000 сум)');
  expect(await deliveryText('en')).toBe('Courier delivery: from 25,000 UZS; the fee depends on the region and weight. Free delivery from 1,000,000 UZS (add 528,000 UZS)');
});

it('above the threshold says the courier is free, not every delivery (express is paid in the courier app)', async () => {
  const three: CartItem = { ...blender, quantity: 3 };
  expect(await deliveryText('uz', three)).toBe('Kuryer orqali yetkazish bepul');
  expect(await deliveryText('ru', three)).toBe('Доставка курьером бесплатно');
  expect(await deliveryText('en', three)).toBe('Courier delivery is free');
});
