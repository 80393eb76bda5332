// The checkout's server entry (built by rspack.ssr.config.mjs into dist/<version>/ssr/checkout.cjs, next to
// the browser build). The shell server renders the checkout's first step from it: the step's frame (title
// and a loading line, src/routes.tsx), since who is signed in and what the cart holds are known only in the
// browser. It asks the API nothing. It brings none of the shared singletons: the shell server hands it its
// own react, react-router, i18next, nanostores and @bozor/shared.
export { default as Routes } from './routes';

export const contractVersion = __CONTRACT_VERSION__;

/** Nothing to hand over: the frame is rendered from nothing the API knows. */
export function setServerData(_data: Record<string, unknown> | null): void {}

/** The frame needs no API answer. */
export function dataRequests(): [] {
  return [];
}
