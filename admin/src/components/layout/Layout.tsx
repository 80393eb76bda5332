// The frame around every screen: side navigation with only what the role may use (a menu on phones),
// the "N new" orders badge, language, who is signed in and sign-out. Arriving with FOCUS_HEADING (just
// signed in) the page's heading takes the keyboard focus, once the page (its own chunk) is there.
import { Suspense, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';
import { api } from '../../api';
import { sectionsOf, canUse, type Section } from '../../auth/access';
import { $staff, endSession } from '../../auth/session';
import { $newOrders, noteLatestOrders, POLL_MS } from '../../hooks/newOrders';
import { useLayoutTitle } from '../../hooks/useDocumentTitle';
import { Loading } from '../common/States';
import { LanguageSwitcher } from './LanguageSwitcher';

const PATHS: Record<Section, string> = {
  dashboard: '/',
  orders: '/orders',
  customers: '/customers',
  products: '/products',
  lowStock: '/stock/low',
  import: '/catalog/import',
  categories: '/categories',
  brands: '/brands',
  slides: '/slides',
  posts: '/posts',
  pages: '/pages',
  stores: '/stores',
  delivery: '/delivery',
  staff: '/staff',
  audit: '/audit',
};

/**
 * The section a path belongs to (the longest section path it starts with), for the browser tab's title;
 * null for an address of no section (`/blog`), whose tab then says the page is not found.
 */
export function sectionOfPath(pathname: string): Section | null {
  if (pathname === '/' || pathname === '') return 'dashboard';
  let found: Section | null = null;
  for (const [section, path] of Object.entries(PATHS) as Array<[Section, string]>) {
    if (path !== '/' && (pathname === path || pathname.startsWith(`${path}/`)) && path.length > (found ? PATHS[found].length : 0)) found = section;
  }
  return found;
}

/** The navigation state that hands the focus to the next page's heading (the sign-in's form is gone). */
export const FOCUS_HEADING = { focusHeading: true } as const;

/**
 * With FOCUS_HEADING in the location's state: focuses the first h1 in `main` once, as soon as it shows (the
 * page may still be loading its chunk) — unless the staff member has put the focus somewhere meanwhile.
 */
function useFocusHeadingOnArrival(main: RefObject<HTMLElement | null>, shown: boolean) {
  const location = useLocation();
  const wanted = (location.state as { focusHeading?: boolean } | null)?.focusHeading === true;
  const doneFor = useRef<string | null>(null);
  useEffect(() => {
    const box = main.current;
    if (!wanted || !box || doneFor.current === location.key) return;
    const focusHeading = (): boolean => {
      const heading = box.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      doneFor.current = location.key;
      const active = document.activeElement;
      if (active && active !== document.body && active !== box) return true;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const watch = new MutationObserver(() => {
      if (focusHeading()) watch.disconnect();
    });
    watch.observe(box, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [wanted, location.key, main, shown]);
}

/** Polls the newest orders every 10 s while the tab is visible, for the badge. */
function useNewOrdersPoll(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const poll = () => {
      if (document.visibilityState === 'hidden') return;
      api.orders({ sort: 'created_at', dir: 'desc', per_page: 50 }).then(
        (page) => noteLatestOrders(page.data, page.meta.latest_id),
        () => undefined, // the badge waits for the next poll; the screens say what is wrong
      );
    };
    poll();
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}

export function Layout() {
  const { t } = useTranslation();
  const staff = useStore($staff);
  const fresh = useStore($newOrders);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const navId = useId();
  useNewOrdersPoll(!!staff && canUse(staff.role, 'orders'));
  const section = sectionOfPath(location.pathname);
  useLayoutTitle(section ? t(`nav.${section}`) : t('notFound.title'));
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnArrival(main, !!staff);

  // the phone menu closes when a link is followed, and with Escape
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      // the focus was in the menu, which is gone: back to the button that opened it
      menuButton.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  if (!staff) return null;
  const signOut = () => {
    // the session ends here whatever the API answers
    api.logout().catch(() => undefined);
    endSession();
    void navigate('/sign-in', { replace: true });
  };

  return (
    <div className="adm-shell">
      <a className="adm-skip" href="#adm-main">
        {t('layout.skip')}
      </a>
      <header className="adm-top">
        <span className="adm-brand">{t('layout.brand')}</span>
        <Button ref={menuButton} variant="secondary" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((o) => !o)}>
          {t('layout.menu')}
          {fresh.count > 0 ? <span className="adm-badge">{fresh.count}</span> : null}
        </Button>
      </header>
      <aside className="adm-side" id={navId} data-open={menuOpen}>
        <NavLink to="/" className="adm-brand">
          {t('layout.brand')}
        </NavLink>
        <nav className="adm-nav" aria-label={t('layout.navigation')}>
          <ul>
            {sectionsOf(staff.role).map((section) => (
              <li key={section}>
                <NavLink to={PATHS[section]} end={section === 'dashboard'} data-testid={`nav-${section}`}>
                  <span>{t(`nav.${section}`)}</span>
                  {section === 'orders' && fresh.count > 0 ? (
                    <span className="adm-badge" data-testid="nav-new-orders">
                      {t('orders.newBadge', { count: fresh.count })}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="adm-me">
          <LanguageSwitcher />
          <div>
            <strong data-testid="me-name">{staff.name}</strong>
            <br />
            <small>
              {t(`roles.${staff.role}`)}
              {staff.store_name ? ` · ${staff.store_name}` : ''}
            </small>
          </div>
          <Button variant="secondary" onClick={signOut}>
            {t('layout.signOut')}
          </Button>
        </div>
      </aside>
      <main ref={main} className="adm-main" id="adm-main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
