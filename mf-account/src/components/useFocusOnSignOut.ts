import { useEffect, useRef, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '@bozor/shared';

/**
 * Gives the page's heading the focus when the shopper is signed out while the page is shown and the focus was
 * in what went away with the session (a session that ended on the server answers a Save or a "Try again" with
 * a 401, and the page turns into the sign-in prompt): it would otherwise fall to the page's body.
 */
export function useFocusOnSignOut(heading: RefObject<HTMLElement | null>): void {
  const signedIn = useStore($auth).isAuthenticated;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasSignedIn.current && !signedIn && lost) heading.current?.focus();
    wasSignedIn.current = signedIn;
  }, [signedIn, heading]);
}
