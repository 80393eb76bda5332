// The browser tab says where staff are, in their language ("Buyurtmalar — Bozor admin"): with several tabs
// open, and for a screen reader announcing the page, the fixed "Bozor — back office" said nothing.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(screen: string) {
  const { t } = useTranslation();
  const title = `${screen} — ${t('layout.brand')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
