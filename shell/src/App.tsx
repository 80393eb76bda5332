// The shell's one router: "/" → the remembered language; "/{lang}/…" → the layout and the remote that
// owns the first path segment; anything else → "Page Not Found". Every route change also sets the tab's
// title, the scroll position and, when the followed link is gone or left behind, the focus
// (routing/DocumentTitle.tsx, routing/ScrollRestoration.tsx, routing/FocusAfterNavigation.tsx).
import { useEffect } from 'react';
import { appCommitted } from './remotes/readiness';
import { I18nextProvider } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { DEFAULT_LANG, NotFoundPage, isLang, layoutFor, matchRoute, remoteForSegment, setLanguage, splitLangPath, type Lang } from '@bozor/shared';
import { i18n } from './i18n';
import { RemoteSlot } from './remotes/RemoteSlot';
import { preloadRoute } from './remotes/runtime';
import { CheckoutLayout, DefaultLayout } from './layout/Layouts';
import { langFromCookie, rememberLang, rootRedirectTarget } from './routing/language';
import { DocumentTitle } from './routing/DocumentTitle';
import { ScrollRestoration } from './routing/ScrollRestoration';
import { FocusAfterNavigation } from './routing/FocusAfterNavigation';
import { SignInHost } from './SignInHost';
import { AppErrorBoundary } from './AppErrorBoundary';

export function App() {
  useEffect(appCommitted, []);
  return (
    <I18nextProvider i18n={i18n}>
      {/* before the routes: their effects run first, so no remote's page can act before these listen */}
      <DocumentTitle />
      <ScrollRestoration />
      <FocusAfterNavigation />
      <AppErrorBoundary>
        <Routes>
          <Route path="/" element={<RootRedirect />} />
          <Route path="/:lang/*" element={<LangRoot />} />
        </Routes>
        <SignInHost />
      </AppErrorBoundary>
    </I18nextProvider>
  );
}

/** "/" → the remembered language (the shell server answers "/" itself; this is for in-app links). */
function RootRedirect() {
  return <Navigate to={rootRedirectTarget(document.cookie)} replace />;
}

function LangRoot() {
  const { lang } = useParams();
  if (!isLang(lang)) return <LostPage />;
  return <LangPage lang={lang} />;
}

/**
 * A path with no language of the shop (/xx, /UZ): "not found" in the language the shopper chose before
 * (as the server titles it), with the header and footer to go on from.
 */
function LostPage() {
  const lang = (typeof document === 'undefined' ? null : langFromCookie(document.cookie)) ?? DEFAULT_LANG;
  setLanguage(lang);
  return (
    <DefaultLayout lang={lang}>
      <ShellNotFound lang={lang} />
    </DefaultLayout>
  );
}

/** True until the first route of a page the shell server rendered has mounted. */
let serverHinted = typeof document !== 'undefined' && Boolean(document.getElementById('root')?.dataset.ssr);

function LangPage({ lang }: { lang: Lang }) {
  const { pathname } = useLocation();
  const rest = splitLangPath(pathname)?.rest ?? '';
  const match = matchRoute(rest);
  const remote = match?.remote ?? remoteForSegment(rest.split('/')[0] ?? '');

  // The language atom drives every i18n instance (shell and remotes); set it before children render.
  setLanguage(lang);
  useEffect(() => {
    rememberLang(lang);
    document.documentElement.lang = lang;
  }, [lang]);
  useEffect(() => {
    if (!remote) return;
    // the page the shell server rendered came with hints for its remote's files (shell/server/preload.ts):
    // fetching them again here is a phone's 50 ms of work for nothing
    if (serverHinted) {
      serverHinted = false;
      return;
    }
    preloadRoute(remote);
  }, [remote]);

  const Layout = layoutFor(match?.page ?? null) === 'checkout' ? CheckoutLayout : DefaultLayout;
  return (
    <Layout lang={lang}>
      {remote ? <RemoteSlot key={remote} remote={remote} expose="Routes" props={{ basePath: `/${lang}` }} /> : <ShellNotFound lang={lang} />}
    </Layout>
  );
}

function ShellNotFound({ lang }: { lang: Lang }) {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} i18n={i18n} homeHref={`/${lang}`} />;
}
