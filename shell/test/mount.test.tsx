// Mounting the app: a server-rendered page is taken over as it is for the guests and individuals it
// was rendered for; a legal entity's page (other prices) is rendered in the browser instead.
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { mountApp } from '../src/mount';

const Price = ({ amount }: { amount: number }) => <p data-testid="price">{amount} UZS</p>;

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

function serverPage(amount: number): HTMLElement {
  const container = document.createElement('div');
  container.dataset.ssr = '1';
  container.innerHTML = renderToString(<Price amount={amount} />);
  document.body.append(container);
  return container;
}

test('an individual takes the server\'s page over: the same element, no mismatch reported', async () => {
  const container = serverPage(100000);
  const serverParagraph = container.querySelector('p');
  let how = '';
  await act(async () => {
    how = mountApp(container, <Price amount={100000} />, 'individual');
  });
  expect(how).toBe('hydrated');
  expect(container.querySelector('p')).toBe(serverParagraph);
  expect(errors).not.toHaveBeenCalled();
});

test('a legal entity\'s page is rendered in the browser with its own prices, without a mismatch', async () => {
  const container = serverPage(100000);
  let how = '';
  await act(async () => {
    how = mountApp(container, <Price amount={90000} />, 'legal');
  });
  expect(how).toBe('rendered');
  expect(container.querySelectorAll('p')).toHaveLength(1);
  expect(container.textContent).toBe('90000 UZS');
  expect(errors).not.toHaveBeenCalled();
});

test('a page the server left empty is rendered in the browser', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  let how = '';
  await act(async () => {
    how = mountApp(container, <Price amount={5} />, 'individual');
  });
  expect(how).toBe('rendered');
  expect(container.textContent).toBe('5 UZS');
});
