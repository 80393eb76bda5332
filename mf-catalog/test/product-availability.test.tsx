// The product page's "Delivery and pickup" section and "Notify me when in stock" (issue 12): the chosen
// variant's stock in each pickup store (levels, "10+", never a big exact number) with the pickup day, the
// courier estimate and express from the shop's delivery settings; a sold-out variant offers an SMS when it
// is back — a guest signs in first and the alert is made as soon as they are in; the state survives a
// reload and can be cancelled, with the focus kept on the control that replaced the one pressed.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { $signInOpen, clearAuth, closeSignIn, completeSignIn, formatDay, setLanguage } from '@bozor/shared';
import { dayLabel } from '../src/components/product/availability/days';
import { resetAlertsForTests } from '../src/components/product/availability/alertsStore';
import { forgetAvailability } from '../src/api/availability';
import { fakeState, installFakeApi, type Call } from './fakeApi';
import { at } from './renderAt';

const alertCalls = (calls: Call[]) => calls.filter((c) => c.url.includes('/api/profile/stock-alerts'));
const chooseBlack = () => fireEvent.click(screen.getByTestId('variant-color-black'));

beforeEach(() => {
  clearAuth();
  closeSignIn();
  resetAlertsForTests();
  forgetAvailability();
  setLanguage('en');
});

describe('days in the page language', () => {
  const t = (key: string) => ({ 'availability.today': 'today', 'availability.tomorrow': 'tomorrow' })[key] ?? key;
  it('today and tomorrow by the shop’s date, else weekday and date in uz, ru and en', () => {
    expect(dayLabel('2026-11-22', '2026-11-22', 'en', t)).toBe('today');
    expect(dayLabel('2026-11-23', '2026-11-22', 'en', t)).toBe('tomorrow');
    expect(dayLabel('2026-11-24', '2026-11-22', 'en', t)).toBe('Tue 24 November');
    expect(formatDay('2026-11-24', 'ru')).toBe('вт, 24 ноября');
    expect(formatDay('2026-11-24', 'uz')).toBe('Sesh, 24-noyabr');
    // across a month's end, whatever the browser's time zone
    expect(dayLabel('2026-12-01', '2026-11-30', 'en', t)).toBe('tomorrow');
  });
});

describe('delivery and pickup', () => {
  it('lists every store with the chosen variant’s stock and pickup day, and the courier estimate; another variant asks nothing more', async () => {
    const calls = installFakeApi();
    at('/en/products/kettle-1');
    const courier = await screen.findByTestId('availability-courier');
    expect(courier.textContent).toBe('Courier, Tashkent city: tomorrow – Tue 24 November25,000\u00a0UZS, free from 1,000,000\u00a0UZS');
    expect(screen.getByTestId('availability-express').textContent).toBe('Express delivery within Tashkent only, in 2–3 hours.');

    const stores = screen.getAllByTestId('availability-store');
    expect(stores.map((s) => s.getAttribute('data-level'))).toEqual(['in', 'few', 'out']);
    expect(stores.map((s) => within(s).getByTestId('availability-store-stock').textContent)).toEqual(['In stock: 10+', 'Few left: 2', 'Not in this store']);
    expect(stores.map((s) => within(s).queryByTestId('availability-store-pickup')?.textContent ?? null)).toEqual(['Pick up today', 'Pick up tomorrow', null]);
    expect(stores[0]!.textContent).toContain('42 Bunyodkor Avenue · Landmark: Novza metro station');
    expect(stores[0]!.textContent).toContain('Daily 9:00–21:00');
    expect(screen.queryByText(/Orders placed before 16:00/)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'All our stores on the map' }).getAttribute('href')).toBe('/en/markets');

    chooseBlack();
    expect(screen.getByTestId('availability-none').textContent).toBe('This option is not in any of our stores now.');
    expect(screen.queryByTestId('availability-courier')).toBeNull();
    expect(screen.queryAllByTestId('availability-store')).toHaveLength(0);
    expect(calls.filter((c) => c.url.includes('/availability'))).toHaveLength(1);
    expect(calls.find((c) => c.url.includes('/availability'))?.url).toBe('/api/products/kettle-1/availability?region=tashkent');
  });

  it('says when it could not load, and tries again', async () => {
    installFakeApi();
    fakeState.availabilityFails = true;
    at('/en/products/kettle-1');
    const failed = await screen.findByTestId('availability-error');
    expect(failed.textContent).toContain('Delivery and store stock could not be loaded.');
    fakeState.availabilityFails = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('availability-courier')).toBeTruthy();
  });
});

describe('notify me when in stock', () => {
  it('is offered on a sold-out variant only; a guest signs in first and the alert is made as soon as they are in', async () => {
    const calls = installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    expect(screen.queryByTestId('notify')).toBeNull();
    chooseBlack();
    const notify = await screen.findByTestId('notify-me');
    expect(notify.textContent).toBe('Notify me when in stock');
    expect(notify.getAttribute('aria-describedby')).toBe('notify-hint');
    expect(screen.queryByText('Sign in and we will send one SMS when it is back.')).not.toBeNull();

    fireEvent.click(notify);
    expect($signInOpen.get()).toBe(true);
    expect(alertCalls(calls)).toHaveLength(0);

    // the shell's sign-in completes, then its dialog closes
    await act(async () => {
      await completeSignIn('token-0123456789abcdef0123');
      closeSignIn();
    });
    await waitFor(() => expect(screen.getByTestId('notify-status').textContent).toBe("We'll text you at +998 90 123 45 67 when it is back in stock."));
    const posted = alertCalls(calls).filter((c) => c.method === 'POST');
    expect(posted.map((c) => c.body)).toEqual([{ variant_id: 12 }]);
    expect(posted[0]!.headers.Authorization).toBe('Bearer token-0123456789abcdef0123');
    expect(screen.getByTestId('notify').getAttribute('data-state')).toBe('subscribed');
    // the button that was pressed is gone: its replacement has the focus
    expect(document.activeElement).toBe(screen.getByTestId('notify-cancel'));
  });

  it('a closed sign-in drops the wish', async () => {
    const calls = installFakeApi();
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    chooseBlack();
    fireEvent.click(await screen.findByTestId('notify-me'));
    act(() => closeSignIn());
    await act(async () => {
      await completeSignIn('token-0123456789abcdef0123');
    });
    await waitFor(() => expect(screen.getByTestId('notify-me').hasAttribute('disabled')).toBe(false));
    expect(alertCalls(calls).filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('an alert cancelled in the account meanwhile is not shown as still waited for', async () => {
    const calls = installFakeApi();
    fakeState.alerts.add(12);
    await act(async () => {
      await completeSignIn('token-0123456789abcdef0123');
    });
    const first = at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    chooseBlack();
    expect(await screen.findByTestId('notify-cancel')).toBeTruthy();
    first.unmount();
    // My alerts (the account, another remote) cancels it; the shopper opens the product again later
    fakeState.alerts.delete(12);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 10_000);
    try {
      at('/en/products/kettle-1');
      await screen.findByTestId('product-name');
      chooseBlack();
      await waitFor(() => expect(screen.queryByTestId('notify-cancel')).toBeNull());
      expect(screen.getByTestId('notify-me')).toBeTruthy();
      expect(alertCalls(calls).filter((c) => c.method === 'GET')).toHaveLength(2);
    } finally {
      clock.mockRestore();
    }
  });

  it('a signed-in shopper sees the alert after a reload, and can cancel it', async () => {
    const calls = installFakeApi();
    fakeState.alerts.add(12);
    await act(async () => {
      await completeSignIn('token-0123456789abcdef0123');
    });
    at('/en/products/kettle-1');
    await screen.findByTestId('product-name');
    chooseBlack();
    const cancel = await screen.findByTestId('notify-cancel');
    expect(screen.getByTestId('notify-status').textContent).toBe("We'll text you at +998 90 123 45 67 when it is back in stock.");
    expect(alertCalls(calls).map((c) => c.method)).toEqual(['GET']);

    fireEvent.click(cancel);
    const again = await screen.findByTestId('notify-me');
    expect(alertCalls(calls).at(-1)).toMatchObject({ method: 'DELETE', url: '/api/profile/stock-alerts?variant_id=12' });
    expect(screen.getByTestId('notify-status').textContent).toBe('');
    expect(document.activeElement).toBe(again);

    // signed in: one tap makes it
    fireEvent.click(again);
    expect(await screen.findByTestId('notify-cancel')).toBeTruthy();
    expect($signInOpen.get()).toBe(false);
    expect(fakeState.alerts.has(12)).toBe(true);
  });
});
