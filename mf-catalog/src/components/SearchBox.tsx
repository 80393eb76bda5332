// Exposed as catalog/SearchBox: the header's search field; submits to /{lang}/search?q=…
import { useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';

export const contractVersion = __CONTRACT_VERSION__;

export default function SearchBox(props: RemoteWidgetProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SearchForm {...props} />
    </I18nextProvider>
  );
}

function SearchForm({ basePath }: RemoteWidgetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        void navigate(`${basePath}/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <input
        className="bz-input"
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        data-testid="search-input"
      />
    </form>
  );
}
