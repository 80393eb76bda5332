// Shell start-up: design CSS, API client, stores restored, remotes registered from /remotes.json,
// then the router renders; the service worker and the chunk-reload guard are installed alongside.
import { BrowserRouter } from 'react-router';
import {
  $accountType,
  $auth,
  $cartSyncing,
  $isIos,
  $language,
  createApiClient,
  designCss,
  getApi,
  setApi,
  setLanguage,
  splitLangPath,
} from '@bozor/shared';
import { App } from './App';
import { initPersistence, refreshSignedInUser } from './stores/persistence';
import { initFavourites } from './stores/favourites';
import { setupRemotes } from './remotes/runtime';
import { registerServiceWorker } from './sw/register';
import { installChunkReloadGuard } from './chunkReload';
import { reportClientError } from './report';
import { loadAppStateOnDemand } from './stores/appState';
import { mountApp } from './mount';
import { whenReady } from './remotes/readiness';
import { SignedInHint, serverDrewSignedIn } from './layout/signedInHint';

// the shell server writes the design CSS into every page (<style id="bz-design">); a page from elsewhere
// (the dev server) gets it here
if (!document.getElementById('bz-design')) {
  const style = document.createElement('style');
  style.id = 'bz-design';
  style.textContent = designCss;
  document.head.append(style);
}

// the page's language before the first call to the API (the user check, favourites), whose answers
// and errors (X-LANG) then speak it; the router keeps it up to date from here on
const pageLang = splitLangPath(window.location.pathname)?.lang;
if (pageLang) setLanguage(pageLang);
setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => $accountType.get() }));
$isIos.set(/iPad|iPhone|iPod/.test(navigator.userAgent));
const persistence = initPersistence();
initFavourites();
loadAppStateOnDemand(getApi);
installChunkReloadGuard();

async function start() {
  try {
    await setupRemotes();
  } catch (err) {
    // Without remotes.json every slot shows its error block; the shell itself still renders.
    reportClientError('remotes-json', err);
  }
  const container = document.getElementById('root') as HTMLElement;
  const app = (
    <SignedInHint.Provider value={serverDrewSignedIn(container)}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </SignedInHint.Provider>
  );
  // a signed-in cart is pulled below: until then the checkout does not take an empty copy here for an empty cart
  if ($auth.get().isAuthenticated) $cartSyncing.set(true);
  mountApp(container, app, $accountType.get());
  // the stored token checked first (a 401 signs out rather than failing the cart's pull), and the page
  // hydrated: the server rendered the cart page from this browser's copy
  void Promise.all([refreshSignedInUser(), whenReady()])
    .then(() => persistence.pullCart())
    .finally(() => $cartSyncing.set(false));
  if (process.env.NODE_ENV === 'production') void registerServiceWorker();
}

void start();
