// What each role may use (docs/back-office.md). The API enforces it (403 FORBIDDEN); this only decides
// what the navigation shows and which screens a role can open, so nobody is led to a refusal.
import type { Role } from '../api/types';

/** The content and settings screens (owner and manager): categories, brands, banners, blog, pages, stores, delivery. */
export const CONTENT_SECTIONS = ['categories', 'brands', 'slides', 'posts', 'pages', 'stores', 'delivery'] as const;
export const SECTIONS = ['dashboard', 'orders', 'customers', 'products', 'lowStock', 'import', ...CONTENT_SECTIONS, 'staff', 'audit'] as const;
export type Section = (typeof SECTIONS)[number];

const ALLOWED: Record<Role, readonly Section[]> = {
  owner: SECTIONS,
  manager: ['dashboard', 'orders', 'customers', 'products', 'lowStock', 'import', ...CONTENT_SECTIONS],
  // an operator reads the catalogue (to answer a customer) but changes nothing in it
  operator: ['dashboard', 'orders', 'customers', 'products', 'lowStock'],
  // a pickup store's staff: only their own store's pickup orders and low stock (the API narrows both)
  store: ['orders', 'lowStock'],
};

/** True when the role may open the section. */
export function canUse(role: Role, section: Section): boolean {
  return ALLOWED[role].includes(section);
}

/** The sections a role sees in the navigation, in order. */
export function sectionsOf(role: Role): readonly Section[] {
  return ALLOWED[role];
}

/** Where a role lands after sign-in (the first section it may use). */
export function homeOf(role: Role): string {
  return role === 'store' ? '/orders' : '/';
}

/** True when the role may export the catalogue as CSV (the API's GET /api/admin/catalog/export: readers of the catalogue). */
export function canExportCatalog(role: Role): boolean {
  return role === 'owner' || role === 'manager' || role === 'operator';
}

/** True when the role may change the catalogue (products, pictures, stock, CSV import); others only read it. */
export function canEditCatalog(role: Role): boolean {
  return role === 'owner' || role === 'manager';
}
