// The back office without its router (the page gives BrowserRouter, tests a MemoryRouter).
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastViewport } from '@bozor/shared';
import { i18n } from './i18n';
import { followOtherTabs } from './auth/session';
import { AdminRoutes } from './routes';

function Toasts() {
  const { t } = useTranslation();
  return <ToastViewport closeLabel={t('common:close')} />;
}

export function AdminApp() {
  useEffect(() => followOtherTabs(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <AdminRoutes />
      <Toasts />
    </I18nextProvider>
  );
}
