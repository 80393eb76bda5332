import { createContext, useContext, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * The navigation state of a step change (delivery → payment → confirmation): the new page's heading
 * takes the focus, so a screen reader says where the shopper is and the next Tab starts from there.
 */
export const STEP_CHANGE = { stepFocus: true } as const;

function isStepChange(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { stepFocus?: unknown }).stepFocus === true;
}

/**
 * True inside a step the shopper signed in to reach (the sign-in card was shown, then the step): the
 * card's "Sign in" button, where the dialog would return the focus, is gone, so the step's heading takes it.
 */
export const SignedInHereContext = createContext(false);

/**
 * A ref for the page's h1 (give it `tabIndex={-1}`): focused when the page was reached by a step change
 * (navigated to with `STEP_CHANGE`) or by signing in on the page, not on a first load, where the browser
 * starts at the top.
 */
export function useStepHeading<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  const { key, state } = useLocation();
  const stepChange = isStepChange(state);
  const signedInHere = useContext(SignedInHereContext);
  useEffect(() => {
    if (stepChange || signedInHere) heading.current?.focus();
  }, [key, stepChange, signedInHere]);
  return heading;
}
