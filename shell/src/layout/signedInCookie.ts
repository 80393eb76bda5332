/**
 * The cookie the shell keeps ("1") while this browser holds a signed-in session, from which the shell
 * server draws the header's "My account" (./signedInHint.ts). Read by the server too: no imports here.
 */
export const SIGNED_IN_COOKIE = 'bz_in';
