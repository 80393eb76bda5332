// Every browser test (the back office, the shell, the remotes, shared) waits for a state, never for a time:
// `findBy…` and `waitFor` poll until what they look for is there. Their default limit (1 s) is a time,
// though — on a loaded machine (two cores, other suites running) the first render of a lazy page can take
// longer, and "Unable to find … products-table" failed back-office tests that were right, as did a
// catalogue page's first render (issue 38). The limit here only bounds how long a test that is really wrong
// takes to fail; a passing test is as fast as before. Tests whose subject is time use jest's fake timers.
import { configure } from '@testing-library/react';

/** How long `findBy…`/`waitFor` keep looking before they give up. */
export const WAIT_FOR_STATE_MS = 15_000;

configure({ asyncUtilTimeout: WAIT_FOR_STATE_MS });
