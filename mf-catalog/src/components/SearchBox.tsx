// Exposed as catalog/SearchBox: the header's search field with live suggestions (debounced, arrow keys
// and Enter to pick, Escape to close); submitting goes to /{lang}/search?q=…
import { useId, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';
import { useDebounced, useSearch } from '../hooks/useSearch';
import { CatalogStyles } from './common/CatalogStyles';

export const contractVersion = __CONTRACT_VERSION__;

export default function SearchBox(props: RemoteWidgetProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <CatalogStyles />
      <SearchForm {...props} />
    </I18nextProvider>
  );
}

function SearchForm({ basePath }: RemoteWidgetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(q.trim().length >= 2 ? q.trim() : '', 250);
  const { results } = useSearch(debounced);
  const suggestions = open ? results.slice(0, 8) : [];

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(path);
  };

  return (
    <form
      role="search"
      className="bzc-suggest"
      onSubmit={(e) => {
        e.preventDefault();
        const picked = suggestions[active];
        go(picked ? `${basePath}/products/${picked.slug}` : `${basePath}/search?q=${encodeURIComponent(q)}`);
      }}
    >
      <input
        className="bz-input"
        type="search"
        role="combobox"
        aria-expanded={suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, suggestions.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, -1));
          } else if (e.key === 'Escape') setOpen(false);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        data-testid="search-input"
      />
      {suggestions.length > 0 ? (
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} data-testid="search-suggestions">
          {suggestions.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                go(`${basePath}/products/${p.slug}`);
              }}
            >
              {p.name}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
