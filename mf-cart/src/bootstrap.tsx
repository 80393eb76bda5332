// Standalone host page (`pnpm dev` in this package): the cart remote without the shell, so its team
// can work alone. It sets up only what the shell would: the API client, the design CSS, a router.
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, Navigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { $auth, $accountType, $language, createApiClient, designCss, setApi, setLanguage, isLang, LANGS, ToastViewport } from '@bozor/shared';
import CartRoutes from './routes';
import MiniCart from './components/MiniCart';

setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => $accountType.get() }));
const style = document.createElement('style');
style.textContent = designCss;
document.head.append(style);

function Standalone({ lang }: { lang: string }) {
  if (isLang(lang)) setLanguage(lang);
  const current = useStore($language);
  return (
    <>
      <nav style={{ padding: 8, background: 'var(--bz-surface-alt)' }}>
        {LANGS.map((l) => (
          <a key={l} href={`/${l}`} style={{ marginRight: 8 }} aria-current={l === current ? 'page' : undefined}>
            {l}
          </a>
        ))}
        <MiniCart basePath={`/${current}`} />
      </nav>
      <CartRoutes basePath={`/${current}`} />
      <ToastViewport closeLabel="×" />
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <BrowserRouter>
    <Routes>
      <Route path="/" element={<Navigate to="/uz" replace />} />
      {LANGS.map((l) => (
        <Route key={l} path={`/${l}/*`} element={<Standalone lang={l} />} />
      ))}
    </Routes>
  </BrowserRouter>,
);
