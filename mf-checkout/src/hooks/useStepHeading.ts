import { useEffect, useRef } from 'react';
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
 * A ref for the page's h1 (give it `tabIndex={-1}`): focused when the page was reached by a step change
 * (navigated to with `STEP_CHANGE`), not on a first load, where the browser starts at the top.
 */
export function useStepHeading<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  const { key, state } = useLocation();
  const stepChange = isStepChange(state);
  useEffect(() => {
    if (stepChange) heading.current?.focus();
  }, [key, stepChange]);
  return heading;
}
