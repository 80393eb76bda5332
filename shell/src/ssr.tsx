// The shell's server entry (built by rspack.ssr.config.mjs into dist-server/ssr/shell.cjs, loaded by
// shell/server): renders a page's whole tree — layout, header, and the remotes' modules the server has
// loaded — to HTML that the browser's bootstrap hydrates. It also hands the remotes' server bundles the
// shared singletons, so there is one React, one router, one set of stores and i18n, as in the browser.
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import { renderToString } from 'react-dom/server';
import * as ReactRouter from 'react-router';
import * as nanostores from 'nanostores';
import * as nanostoresReact from '@nanostores/react';
import * as i18next from 'i18next';
import * as reactI18next from 'react-i18next';
import * as shared from '@bozor/shared';
import { SignedInHint } from './layout/signedInHint';
import { App } from './App';
import { ServerRemotes, type ServerRemoteModules } from './remotes/serverRemotes';

/** What a remote's server bundle may `require`: every singleton of shared/mf-singletons.json (checked by test/ssr.test.tsx). */
export const sharedModules: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-router': ReactRouter,
  nanostores,
  '@nanostores/react': nanostoresReact,
  i18next,
  'react-i18next': reactI18next,
  '@bozor/shared': shared,
};

/** The contract version this shell was built with (a remote's server bundle is checked against it). */
export const contractVersion = shared.CONTRACT_VERSION;
export const isContractCompatible = shared.isContractCompatible;

/** The design system's CSS, written into every page's <head>. */
export const designCss = shared.designCss;

/**
 * The HTML of one page, as a guest sees it (individual prices, no cart), its header drawn for a
 * signed-in shopper when the browser's cookie says it keeps a session (`hints.signedIn`). Synchronous:
 * the stores and i18n instances are the module's, so nothing else may run between setting them and
 * reading them; every answer the page needs must already be in the remotes' hands.
 */
export function renderApp(url: string, remotes: ServerRemoteModules, hints: { signedIn?: boolean } = {}): string {
  return renderToString(
    <ServerRemotes.Provider value={remotes}>
      <SignedInHint.Provider value={hints.signedIn === true}>
        <ReactRouter.StaticRouter location={url}>
          <App />
        </ReactRouter.StaticRouter>
      </SignedInHint.Provider>
    </ServerRemotes.Provider>,
  );
}
