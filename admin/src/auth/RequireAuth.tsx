// Route guards: signed in (else sign-in, keeping the page to come back to), and allowed to use the
// section (else a "not for your role" page — the API would refuse it anyway).
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@bozor/shared';
import { api } from '../api';
import { ErrorBlock, Loading } from '../components/common/States';
import { canUse, type Section } from './access';
import { $staff, $token, setStaff } from './session';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const token = useStore($token);
  const staff = useStore($staff);
  const location = useLocation();
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token || staff) return;
    let live = true;
    setError(null);
    api.me().then(
      (answer) => live && setStaff(answer.staff),
      // a 401 has ended the session already (and this guard then redirects)
      (err: unknown) => live && !(err instanceof ApiError && err.status === 401) && setError(err),
    );
    return () => {
      live = false;
    };
  }, [token, staff, attempt]);

  if (!token) {
    const next = location.pathname + location.search;
    return <Navigate to={`/sign-in${next && next !== '/' ? `?next=${encodeURIComponent(next)}` : ''}`} replace />;
  }
  if (!staff) return error ? <ErrorBlock error={error} onRetry={() => setAttempt((n) => n + 1)} /> : <Loading />;
  return children ?? <Outlet />;
}

export function RequireSection({ section, children }: { section: Section; children?: ReactNode }) {
  const staff = useStore($staff);
  const { t } = useTranslation();
  if (staff && !canUse(staff.role, section)) {
    return (
      <div className="adm-notice" data-testid="forbidden">
        <h1>{t('forbidden.title')}</h1>
        <p>{t('forbidden.message')}</p>
        <Link to="/">{t('forbidden.home')}</Link>
      </div>
    );
  }
  return children ?? <Outlet />;
}
