// How the app goes into #root: taking over the page the shell server rendered, or rendering it here.
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reportClientError } from './report';

/**
 * Mounts `app` in `container` as a transition, so the first render (or hydration) yields to the browser
 * every few ms instead of one long task (Lighthouse's total blocking time on a slow phone:
 * docs/decisions.md).
 *
 * The shell server renders catalogue pages as a guest sees them, with individual prices: such a page
 * (`data-ssr`) is taken over, the remotes' parts staying as the server sent them until their modules
 * arrive. A legal entity's prices differ, so its page is rendered here instead: hydrating it would only
 * end in React throwing the server's part away as a mismatch.
 */
export function mountApp(container: HTMLElement, app: ReactNode, accountType: string): 'hydrated' | 'rendered' {
  // from here React takes the page's taps; one made before is given again by public/start-after-load.js
  document.dispatchEvent(new Event('bz:hydrate'));
  if (container.dataset.ssr && accountType === 'individual') {
    startTransition(() => {
      // a part React had to render again because it differed from the server's HTML (the page still
      // works): reported, and shown in the console, so the browser tests notice
      hydrateRoot(container, app, { onRecoverableError: (error) => reportClientError('hydration', error) });
    });
    return 'hydrated';
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
  return 'rendered';
}
