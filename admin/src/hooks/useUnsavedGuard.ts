// "Leave without saving?" while a form has changes: on closing or reloading the tab (the browser's own
// question) and on following a link inside the back office (ours, in the staff member's language).
import { useCallback, useEffect, useRef } from 'react';

/** Asks before the page is left while `active`; returns a check for the page's own "Back" buttons. */
export function useUnsavedGuard(active: boolean, message: string): () => boolean {
  const state = useRef({ active, message });
  state.current = { active, message };

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    // capture: before React Router's link handler, which leaves a click whose default is prevented alone
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (!window.confirm(state.current.message)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);

  return useCallback(() => !state.current.active || window.confirm(state.current.message), []);
}
