// "Pin my location on the map" with the keyboard: the button keeps the focus while the position is asked
// (aria-disabled, presses ignored), then the focus goes to what replaces it — the message when the position
// is refused, "Remove the pin" when it is pinned — and "Remove the pin" gives it back to "Pin my location".
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { $checkoutForm, resetCheckoutForm, setLanguage } from '@bozor/shared';
import { LocationPin } from '../src/components/delivery/LocationPin';
import { i18n } from '../src/i18n';

type Success = (p: { coords: { latitude: number; longitude: number } }) => void;
let asks: { ok: Success; fail: () => void }[] = [];

beforeEach(() => {
  resetCheckoutForm();
  setLanguage('en');
  asks = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition: (ok: Success, fail: () => void) => asks.push({ ok, fail }) },
  });
});

const mount = () => render(<I18nextProvider i18n={i18n}><LocationPin /></I18nextProvider>);

function press() {
  const button = screen.getByRole('button', { name: 'Pin my location on the map' });
  button.focus();
  fireEvent.click(button);
  return button;
}

it('refused: the button keeps the focus while asking, then the message takes it', () => {
  mount();
  const button = press();
  expect(button.getAttribute('aria-disabled')).toBe('true');
  expect(button.hasAttribute('disabled')).toBe(false);
  expect(document.activeElement).toBe(button);
  // a second press while asking asks nothing more
  fireEvent.click(button);
  expect(asks).toHaveLength(1);

  act(() => asks[0]!.fail());
  const message = screen.getByTestId('location-message');
  expect(message.textContent).toBe('Could not get your location; the address is enough.');
  expect(document.activeElement).toBe(message);
  expect(button.hasAttribute('aria-disabled')).toBe(false);
});

it('pinned: "Remove the pin" takes the focus, and removing it gives the focus back to "Pin my location"', () => {
  mount();
  press();
  act(() => asks[0]!.ok({ coords: { latitude: 41.2995, longitude: 69.2401 } }));
  expect(screen.getByTestId('location-value').textContent).toBe('Location pinned: 41.2995, 69.2401');
  const remove = screen.getByRole('button', { name: 'Remove the pin' });
  expect(document.activeElement).toBe(remove);

  fireEvent.click(remove);
  expect($checkoutForm.get().location).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pin my location on the map' }));
});

it('outside Uzbekistan: the message takes the focus', () => {
  mount();
  press();
  act(() => asks[0]!.ok({ coords: { latitude: 48.85, longitude: 2.35 } }));
  expect(document.activeElement).toBe(screen.getByTestId('location-message'));
});
