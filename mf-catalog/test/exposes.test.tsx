// Contract tests: each exposed module renders with nothing but the shared contract around it.
import { render, screen, fireEvent } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { $cartCount, clearCart, setLanguage, CONTRACT_VERSION } from '@bozor/shared';
import CatalogRoutes, { contractVersion } from '../src/routes';
import SearchBox, { contractVersion as searchContract } from '../src/components/SearchBox';

const at = (path: string, ui: React.ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

describe('catalog/Routes', () => {
  beforeEach(() => clearCart());

  it('declares the contract it was built for', () => {
    expect(contractVersion).toBe(CONTRACT_VERSION);
    expect(searchContract).toBe(CONTRACT_VERSION);
  });

  it('renders home in the shell language and adds to the shared cart', () => {
    setLanguage('ru');
    at('/', <CatalogRoutes basePath="/ru" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Товары для каждого дома');
    fireEvent.click(screen.getByTestId('add-demo-to-cart'));
    expect($cartCount.get()).toBe(1);
    act(() => setLanguage('en'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Household goods for every home');
  });

  it('renders a product page and an information page', () => {
    setLanguage('en');
    at('/products/kettle', <CatalogRoutes basePath="/en" />);
    expect(screen.getByTestId('catalog-page-product').textContent).toContain('kettle');
  });

  it('answers unknown catalogue paths with Page Not Found', () => {
    setLanguage('en');
    at('/products/a/b', <CatalogRoutes basePath="/en" />);
    expect(screen.getByText('Page Not Found')).toBeTruthy();
    expect(screen.getByText('Page not found: /products/a/b')).toBeTruthy();
  });
});

describe('catalog/SearchBox', () => {
  it('is a labelled search field', () => {
    setLanguage('uz');
    at('/', <SearchBox basePath="/uz" />);
    expect(screen.getByRole('searchbox', { name: 'Mahsulotlarni qidirish' })).toBeTruthy();
  });
});
