// My profile's edits not saved yet. A session that ends while the shopper types (signed out on another device,
// revoked, expired) swaps the form for the sign-in prompt; the form that comes back once they sign in again
// starts from what they had typed. Kept in this page's memory only (never in storage, where the next person at
// a shared computer could read it), and only for the account it was typed in.

export interface ProfileFields {
  name: string;
  surname: string;
  email: string;
  birth_date: string;
  gender: string;
}

let draft: { owner: string; fields: ProfileFields } | null = null;

/** Keeps `fields` as `owner`'s unsaved edits (or forgets them, when they are what is saved). */
export function keepProfileDraft(owner: string, fields: ProfileFields, saved: ProfileFields): void {
  const changed = (Object.keys(fields) as (keyof ProfileFields)[]).some((k) => fields[k] !== saved[k]);
  draft = changed ? { owner, fields } : null;
}

/** `owner`'s unsaved edits, if any; another account's are forgotten. */
export function profileDraft(owner: string): ProfileFields | null {
  if (draft && draft.owner !== owner) draft = null;
  return draft?.fields ?? null;
}

/** Forgets the edits: saved, left for another page while signed in, or signed out here on purpose. */
export function dropProfileDraft(): void {
  draft = null;
}
