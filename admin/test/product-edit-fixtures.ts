// What the product page's tests (product-edit.test.tsx, product-edit-save.test.tsx) share: the API's lookups,
// a variant and a product as the form reads them, and the toasts on screen.
import { screen } from '@testing-library/react';
import { adminProduct, adminVariant, catalogLookups } from './fixtures';

export const lookups = catalogLookups;
export const variant = adminVariant;
export const product = adminProduct;

/** The toasts' texts, without their close button. */
export const toasts = () => screen.queryAllByTestId('toast').map((t) => (t.textContent ?? '').replace(/\s*×$/, ''));
