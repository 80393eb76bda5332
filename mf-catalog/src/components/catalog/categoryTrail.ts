// The categories above a category, for the catalogue page's breadcrumbs (Home › Catalogue › Kitchen
// appliances › Microwave ovens), as the product page has them. Pure, so tests need no DOM.
import { atom } from 'nanostores';
import type { CategoryNode } from '@bozor/shared';
import type { Facets } from '../../api/types';

/**
 * Read instead of the shell's category tree (`$categories`) by a page that needs none at the moment:
 * reading the shell's store makes it fetch the tree, and the tree's arrival re-renders the reader at once.
 */
export const NO_CATEGORIES = atom<CategoryNode[]>([]);

export interface CategoryStep {
  slug: string;
  name: string;
}

/** slug → its name and its parent's slug, from the tree (every category, empty ones too). */
function fromTree(nodes: readonly CategoryNode[], parent: string | null, out: Map<string, { name: string; parent: string | null }>): void {
  for (const node of nodes) {
    out.set(node.slug, { name: node.name, parent });
    // an inlined tree is checked for its names only (api/prefetch.ts): a node without children is a leaf
    if (Array.isArray(node.children)) fromTree(node.children, node.slug, out);
  }
}

/**
 * The categories from the top down to `slug`, the category itself last; empty when it is unknown.
 * Read from the list's facets (each names its parent; the server's render has them) and the shell's
 * tree, which wins where both know a category (it has the categories nothing in the list matches).
 */
export function categoryTrail(slug: string, facets: Facets['categories'] | undefined, tree: readonly CategoryNode[]): CategoryStep[] {
  const known = new Map<string, { name: string; parent: string | null }>();
  for (const c of facets ?? []) known.set(c.slug, { name: c.name, parent: c.parent });
  fromTree(tree, null, known);
  const trail: CategoryStep[] = [];
  // a parent met twice (a cycle in bad data) ends the walk
  for (let at: string | null = slug; at !== null && !trail.some((s) => s.slug === at); ) {
    const entry = known.get(at);
    if (!entry) break;
    trail.unshift({ slug: at, name: entry.name });
    at = entry.parent;
  }
  return trail;
}
