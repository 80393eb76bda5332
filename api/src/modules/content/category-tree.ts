import { type Localized } from '../../i18n/lang.js';

export interface CategoryNode {
  id: number;
  slug: string;
  parent_id: number | null;
  sort: number;
  image: string | null;
  icon: string | null;
  name: Localized;
  description: Localized;
}

/** The category table held in memory for one request: parents, children, descendants. */
export function categoryIndex(rows: CategoryNode[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  const children = new Map<number | null, CategoryNode[]>();
  for (const r of rows) {
    const parent = r.parent_id !== null && byId.has(r.parent_id) ? r.parent_id : null;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  /** The category and everything under it (guarded against cycles). */
  const descendants = (id: number): number[] => {
    const out: number[] = [];
    const seen = new Set<number>();
    const walk = (node: number) => {
      if (seen.has(node)) return;
      seen.add(node);
      out.push(node);
      for (const c of children.get(node) ?? []) walk(c.id);
    };
    walk(id);
    return out;
  };
  /** Root first, the category itself last. */
  const path = (id: number): CategoryNode[] => {
    const out: CategoryNode[] = [];
    const seen = new Set<number>();
    for (let node = byId.get(id); node && !seen.has(node.id); node = node.parent_id !== null ? byId.get(node.parent_id) : undefined) {
      seen.add(node.id);
      out.unshift(node);
    }
    return out;
  };
  /** Direct counts summed up the tree. */
  const rollUp = (direct: Map<number, number>): Map<number, number> => {
    const total = new Map<number, number>();
    for (const r of rows) total.set(r.id, descendants(r.id).reduce((sum, id) => sum + (direct.get(id) ?? 0), 0));
    return total;
  };
  return { byId, bySlug, children, descendants, path, rollUp };
}
export type CategoryIndex = ReturnType<typeof categoryIndex>;
