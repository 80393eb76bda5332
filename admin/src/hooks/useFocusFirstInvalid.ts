// After a failed check the focus goes to the first field on screen that says it is wrong, in the page's
// order. react-hook-form's own focus follows the order its fields registered in (the product form put the
// category before the name) and skips a field it holds no ref for (the masked phone input): a keyboard user
// landed somewhere below the first message.
import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Call the returned function when a check fails (react-hook-form's `onInvalid`); use with `shouldFocusError: false`. */
export function useFocusFirstInvalid(root: RefObject<HTMLElement | null>): () => void {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    // after the render that shows the errors (and opens a language tab for them)
    const fields = root.current?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
    [...fields].find((el) => !el.closest('[hidden]'))?.focus();
  }, [request, root]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
