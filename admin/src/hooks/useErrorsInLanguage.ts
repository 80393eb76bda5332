// A form's own messages follow the language switch. A react-hook-form form checked by a zod schema keeps
// its messages as words, made in the language of the moment it was checked; when staff switch the language,
// the fields that show one of them are checked again, and say it in the new language. A refusal of the API
// (set with `setError`, with no type or the type 'server') stays as the API gave it.
import { useEffect, useRef } from 'react';
import { get, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** Every error's path in `errors` (an error is an object with a message; anything else is a branch). */
export function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    if (!v || typeof v !== 'object') return [];
    return typeof (v as { message?: unknown }).message === 'string' ? [path] : errorPaths(v as object, path);
  });
}

/** The paths whose message the form's own check wrote (zod's issue types), not the API. */
export function ownErrorPaths<T extends FieldValues>(errors: FieldErrors<T>): string[] {
  return errorPaths(errors).filter((p) => {
    const type = (get(errors, p) as { type?: unknown } | undefined)?.type;
    return typeof type === 'string' && type !== '' && type !== 'server';
  });
}

export function useErrorsInLanguage<T extends FieldValues>(form: UseFormReturn<T>, lang: string): void {
  const checkedIn = useRef(lang);
  useEffect(() => {
    if (checkedIn.current === lang) return;
    checkedIn.current = lang;
    // the schema of the new language is in place: the resolver is built during the render that ran before
    const paths = ownErrorPaths(form.formState.errors);
    if (paths.length) void form.trigger(paths as Path<T>[]);
  }, [lang, form]);
}
