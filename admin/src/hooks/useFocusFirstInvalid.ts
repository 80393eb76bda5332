// After a failed check the focus goes to the first field on screen that says it is wrong, in the page's
// order. react-hook-form's own focus follows the order its fields registered in (the product form put the
// category before the name) and skips a field it holds no ref for (the masked phone input): a keyboard user
// landed somewhere below the first message.
import type { RefObject } from 'react';
import { useAfterNextRender } from '@bozor/shared';

/**
 * Runs `action` once the refusal's errors are on screen: after the next render, then after the promise steps
 * still running. react-hook-form calls `onInvalid` with an `await` and only then hands its errors to React;
 * in a browser, while the submit event is being handled, React renders each of those updates at once (not
 * batched), so the render right after `onInvalid` does not show the errors yet — the focus stayed where it
 * was (the name field, the Save button).
 */
function useAfterRefusal(action: () => void): () => void {
  return useAfterNextRender(() => {
    setTimeout(action, 0);
  });
}

/** Call the returned function when a check fails (react-hook-form's `onInvalid`); use with `shouldFocusError: false`. */
export function useFocusFirstInvalid(root: RefObject<HTMLElement | null>): () => void {
  // after the render that shows the errors (and opens a language tab for them)
  return useAfterRefusal(() => {
    const fields = root.current?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
    [...fields].find((el) => !el.closest('[hidden]'))?.focus();
  });
}

/** Puts the focus on `el` after scrolling it to the middle of the screen (a sticky bar hides its edges). */
function show(el: HTMLElement) {
  el.scrollIntoView?.({ block: 'center' });
  el.focus({ preventScroll: true });
}

/**
 * After a refused save (the form's own check or the API's answer): the focus goes to the first field that
 * says it is wrong, in the page's order — opening the language tab that holds it first — or, for an error
 * tied to no field, to the error itself (`data-form-error`, else the first message), so that neither a
 * keyboard nor a mouse user is left looking at the Save button while the reason is out of sight.
 */
export function focusFirstProblem(root: HTMLElement | null): void {
  if (!root) return;
  const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (field) {
    const panel = field.closest<HTMLElement>('[role="tabpanel"][hidden]');
    const tab = panel ? root.ownerDocument.getElementById(panel.getAttribute('aria-labelledby') ?? '') : null;
    if (!tab) return show(field);
    // the tab's render shows the panel; the field is focused once it is on screen
    tab.click();
    setTimeout(() => {
      if (field.isConnected) show(field);
    }, 0);
    return;
  }
  const message = root.querySelector<HTMLElement>('[data-form-error]') ?? root.querySelector<HTMLElement>('[role="alert"]');
  if (!message) return;
  if (!message.hasAttribute('tabindex')) message.tabIndex = -1;
  show(message);
}

/** `focusFirstProblem` on `root` after the render that shows the errors: call the returned function on a refusal. */
export function useFocusFirstProblem(root: RefObject<HTMLElement | null>): () => void {
  return useAfterRefusal(() => focusFirstProblem(root.current));
}
