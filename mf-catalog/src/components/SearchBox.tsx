// Exposed as catalog/SearchBox: the header's search field with live suggestions (debounced, arrow keys
// and Enter to pick, Escape to close); submitting goes to /{lang}/search?q=…
import { useId, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';
import { parseSearch } from '../api/filter';
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
  const searched = useSearchedWords(basePath);
  const [q, setQ] = useState(searched ?? '');
  // on the results page the field holds the words searched for: on a first load (the server's HTML and
  // the hydrating render alike), on arriving there and whenever its address brings others (a new
  // search, back); elsewhere it keeps what the shopper typed
  const [shown, setShown] = useState(searched);
  if (searched !== shown) {
    setShown(searched);
    if (searched !== undefined) setQ(searched);
  }
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebounced(q.trim().length >= 2 ? q.trim() : '', 250);
  // suggestions only for what the shopper types: the words put in from the address ask nothing
  const { results } = useSearch(open ? debounced : '');
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
          } else if (e.key === 'Escape' && suggestions.length > 0) {
            // only closes the list: a search field's own Escape would also clear the words typed
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
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

/** The words of the search results page's address (?q=…); undefined on every other page. */
function useSearchedWords(basePath: string): string | undefined {
  const { pathname, search } = useLocation();
  if (pathname.replace(/\/+$/, '') !== `${basePath}/search`) return undefined;
  return parseSearch(new URLSearchParams(search)).q ?? '';
}
