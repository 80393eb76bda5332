// Shell start-up: design CSS, API client, stores restored, remotes registered from /remotes.json,
// then the router renders; the service worker and the chunk-reload guard are installed alongside.
import { BrowserRouter } from 'react-router';
import {
  $accountType,
  $auth,
  $isIos,
  $language,
  createApiClient,
  designCss,
  getApi,
  setApi,
  setCategories,
  setDeliverySettings,
} from '@bozor/shared';
import { App } from './App';
import { initPersistence, refreshSignedInUser } from './stores/persistence';
import { initFavourites } from './stores/favourites';
import { setupRemotes } from './remotes/runtime';
import { registerServiceWorker } from './sw/register';
import { installChunkReloadGuard } from './chunkReload';
import { reportClientError } from './report';
import { afterLoadIdle } from './layout/afterLoad';
import { mountApp } from './mount';

// the shell server writes the design CSS into every page (<style id="bz-design">); a page from elsewhere
// (the dev server) gets it here
if (!document.getElementById('bz-design')) {
  const style = document.createElement('style');
  style.id = 'bz-design';
  style.textContent = designCss;
  document.head.append(style);
}

setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => $accountType.get() }));
$isIos.set(/iPad|iPhone|iPod/.test(navigator.userAgent));
initPersistence();
initFavourites();
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
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
  mountApp(container, app, $accountType.get());
  void refreshSignedInUser();
  // no first render needs them: fetched (and checked with the lazily loaded schemas) once the page is up
  afterLoadIdle(() => void loadAppState());
  if (process.env.NODE_ENV === 'production') void registerServiceWorker();
}

void start();

/** App state every remote may read: categories (for menus) and delivery settings (fee texts). */
async function loadAppState() {
  const api = getApi();
  const [categories, delivery] = await Promise.allSettled([api.getCategories(), api.getDeliverySettings()]);
  if (categories.status === 'fulfilled') setCategories(categories.value.data);
  if (delivery.status === 'fulfilled') {
    // the schemas (and zod) load after the first render, with the answer they check
    const { deliverySettingsSchema } = await import('@bozor/shared/schemas');
    const parsed = deliverySettingsSchema.safeParse(delivery.value);
    if (parsed.success) setDeliverySettings(parsed.data);
  }
}
