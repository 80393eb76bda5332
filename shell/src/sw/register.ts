// Service worker: /sw.js with scope /. When a new version takes control the page reloads; a failed
// registration is recorded in the server log.
import { reportClientError } from '../report';

export async function registerServiceWorker(nav: Navigator = navigator, reload: () => void = () => window.location.reload()): Promise<void> {
  if (!('serviceWorker' in nav)) return;
  // The very first install also fires controllerchange (clientsClaim); only a replacement reloads.
  const hadController = Boolean(nav.serviceWorker.controller);
  nav.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) reload();
  });
  try {
    await nav.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (err) {
    reportClientError('sw-register', err);
  }
}
