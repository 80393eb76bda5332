// A remote's standalone host page (`pnpm dev` in its package, dev.html in its build): the remote without
// the shell, so its team can work alone. It sets up only what the shell would — the API client, the
// design CSS, a router with the three languages — and renders what the remote passes for a language.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { useStore } from '@nanostores/react';
import { $accountType, $auth, $language, LANGS, ToastViewport, createApiClient, designCss, isLang, setApi, setLanguage } from '@bozor/shared';

interface StandaloneProps {
  /** the remote's pages under `basePath` (e.g. its Routes) */
  render: (basePath: string) => ReactNode;
  /** extra widgets for the top bar (e.g. the cart's mini-cart) */
  nav?: (basePath: string) => ReactNode;
}

function Standalone({ lang, render, nav }: StandaloneProps & { lang: string }) {
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
        {nav?.(`/${current}`)}
      </nav>
      {render(`/${current}`)}
      <ToastViewport closeLabel="×" />
    </>
  );
}

/** Mounts the standalone host page into #root. */
export function mountStandalone(props: StandaloneProps): void {
  setApi(createApiClient({ getLang: () => $language.get(), getToken: () => $auth.get().token, getAccountType: () => $accountType.get() }));
  const style = document.createElement('style');
  style.textContent = designCss;
  document.head.append(style);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Navigate to="/uz" replace />} />
        {LANGS.map((l) => (
          <Route key={l} path={`/${l}/*`} element={<Standalone lang={l} {...props} />} />
        ))}
      </Routes>
    </BrowserRouter>,
  );
}
