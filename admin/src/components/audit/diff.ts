// A readable before → after of an audit entry: one line per field that changed (added, removed or
// different), nested values compared as JSON.

export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** A value as staff read it: text as it is, anything else as compact JSON; absent is null. */
export function showValue(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields that differ between `before` and `after`, in a stable order (the keys' first appearance). */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: FieldChange[] = [];
  for (const field of keys) {
    const b = showValue(before?.[field]);
    const a = showValue(after?.[field]);
    if (b !== a) changes.push({ field, before: b, after: a });
  }
  return changes;
}
