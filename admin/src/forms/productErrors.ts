// Reading the product form's errors: one field's message, and which language tabs hold an error (their tab
// is marked, and opened on a failed save).
import { get, type FieldErrors } from 'react-hook-form';
import { LANGS, type Lang } from '@bozor/shared';
import type { ProductValues } from './product';

/** The message of the field at `path`, if it has one. */
export const errorOf = (errors: FieldErrors<ProductValues>, path: string): string | undefined => (get(errors, path) as { message?: string } | undefined)?.message;

/** Every error's path under `node` (an error is an object with a message; anything else is a branch). */
export function collectPaths(node: object, prefix: string): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    v && typeof v === 'object' && !(typeof (v as { message?: unknown }).message === 'string') ? collectPaths(v as object, `${prefix}.${k}`) : [`${prefix}.${k}`],
  );
}

/** The languages with an error in a localized field (their tab is marked, and opened on a failed save). */
export function invalidLangs(errors: FieldErrors<ProductValues>, prefix: 'name' | 'description' | 'attributes'): Lang[] {
  const node = get(errors, prefix) as unknown;
  if (!node || typeof node !== 'object') return [];
  const paths = collectPaths(node, prefix);
  return LANGS.filter((l) => paths.some((p) => p.endsWith(`.${l}`)));
}

/** The languages of the fields under `prefix` among `paths` (form paths such as `name.ru`). */
export function langsOf(paths: readonly string[], prefix: 'name' | 'description' | 'attributes'): Lang[] {
  return LANGS.filter((l) => paths.some((p) => p.startsWith(`${prefix}.`) && p.endsWith(`.${l}`)));
}
