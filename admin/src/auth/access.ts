// What each role may use (docs/back-office.md). The API enforces it (403 FORBIDDEN); this only decides
// what the navigation shows and which screens a role can open, so nobody is led to a refusal.
import type { Role } from '../api/types';

export const SECTIONS = ['dashboard', 'orders', 'customers', 'staff', 'audit'] as const;
export type Section = (typeof SECTIONS)[number];

const ALLOWED: Record<Role, readonly Section[]> = {
  owner: SECTIONS,
  manager: ['dashboard', 'orders', 'customers'],
  operator: ['dashboard', 'orders', 'customers'],
  // a pickup store's staff: only their own store's pickup orders (the API narrows the list)
  store: ['orders'],
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
