// The browser tab says where staff are, in their language ("Buyurtmalar — Bozor admin"): with several tabs
// open, and for a screen reader announcing the page, the fixed "Bozor — back office" said nothing.
// Inside the layout the tab names the section, unless the screen names itself (`useScreenTitle`: an order's
// page says which order), so that tabs with several orders open read apart.
import { useEffect } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(screen: string) {
  const { t } = useTranslation();
  const title = `${screen} — ${t('layout.brand')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The name a screen inside the layout gives itself, while it is shown; null: its section's. */
const $screenTitle = atom<string | null>(null);

/** Names the browser tab after this screen (in place of its section) while it is shown. */
export function useScreenTitle(screen: string) {
  useEffect(() => {
    $screenTitle.set(screen);
    return () => $screenTitle.set(null);
  }, [screen]);
}

/** The layout's tab title: the screen's own name, else the section's. */
export function useLayoutTitle(section: string) {
  const own = useStore($screenTitle);
  useDocumentTitle(own ?? section);
}
