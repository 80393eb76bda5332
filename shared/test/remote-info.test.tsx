import { act, render, screen } from '@testing-library/react';
import { RemoteInfo } from '../src/design/RemoteInfo';

function show(search: string) {
  window.history.replaceState(null, '', `/uz${search}`);
  render(<RemoteInfo name="cart" version="1.2.3" publicPath={() => 'https://cdn.example/remotes/cart/1.2.3/'} />);
  return screen.getByTestId('cart-remote-info');
}

describe('RemoteInfo', () => {
  it('tells a roll-out checker the build only with ?debug', async () => {
    const el = show('?debug');
    await act(async () => {});
    expect(el.hidden).toBe(false);
    expect(el.textContent).toBe('cart@1.2.3 https://cdn.example/remotes/cart/1.2.3/');
    expect(el.dataset.version).toBe('1.2.3');
  });

  it('shows a shopper nothing, but keeps the version in data attributes', async () => {
    const el = show('');
    await act(async () => {});
    expect(el.hidden).toBe(true);
    expect(el.textContent).toBe('');
    expect(el.dataset.version).toBe('1.2.3');
    expect(el.dataset.from).toBe('https://cdn.example/remotes/cart/1.2.3/');
  });
});
