// What the back office's calls build from a screen's values before the client sends them: a list's query
// from the address, and the one multipart form every picture and file goes up in.

/** A list's filters as the address holds them: text, '' for a filter not set. */
export type AddressValues = Record<string, string | number | null | undefined>;

/**
 * The query of a list from the address: a filter not set ('') is left out of the URL. The values are the
 * address's text as typed or linked; the API checks each (a refused one leaves the address: useListPage),
 * so they are handed on as the operation's query (`Q`) without being checked here.
 */
export function listQuery<Q>(values: AddressValues): Q {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Q;
}

/** The pictures every upload route takes (JPEG, PNG or WebP; the API re-encodes them as WebP), for the file fields. */
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * The one way pictures and files go up: a multipart form with `files` under `field`, after the text fields in
 * `extra` (the API reads the fields in order: the import's token before its file). The contract does not
 * describe multipart bodies; each route names its field (`picture`, `image`, `file`).
 */
export function filesForm(field: string, files: readonly File[], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  for (const f of files) form.append(field, f, f.name);
  return form;
}
