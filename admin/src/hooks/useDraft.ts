// The values of a content form (post, page, banner) as staff type them, over the saved ones from the API.
// The saved ones change for many reasons besides Save: Publish or Hide answers with the record, a picture
// upload does, and the screen loads again when the language is switched. The form follows them only while
// nothing typed is unsaved — typed text is never replaced by an answer. Another record (`of`: its id, when
// the address changes to another post) starts from its own saved values.
import { useCallback, useState } from 'react';

export interface Draft<T> {
  values: T;
  setValues: (values: T) => void;
  /** Something typed differs from the saved values. */
  changed: boolean;
  /**
   * After a save: the form takes the saved answer (as the API stored it) — unless more was typed while it
   * was on its way (the form no longer holds `sent`), which stays.
   */
  savedAs: (sent: T, answer: T) => void;
}

export function useDraft<T>(saved: T, of?: string | number): Draft<T> {
  const key = JSON.stringify(saved);
  const [draft, setDraft] = useState({ of, base: key, values: saved });
  let current = draft;
  if (draft.of !== of) {
    current = { of, base: key, values: saved };
    setDraft(current);
  } else if (draft.base !== key) {
    // new saved values (derived during render, React's pattern for state that follows a prop)
    current = { of, base: key, values: JSON.stringify(draft.values) === draft.base ? saved : draft.values };
    setDraft(current);
  }
  const setValues = useCallback((values: T) => setDraft((d) => ({ ...d, values })), []);
  const savedAs = useCallback((sent: T, answer: T) => setDraft((d) => (JSON.stringify(d.values) === JSON.stringify(sent) ? { ...d, values: answer } : d)), []);
  return { values: current.values, setValues, changed: JSON.stringify(current.values) !== key, savedAs };
}
