// Exposed as catalog/SearchBox: the header's search field with live suggestions (debounced, arrow keys
// and Enter to pick, Escape to close, ↓ to open again) and a last row "Show all N results"; submitting
// goes to /{lang}/search?q=…, and does nothing while the field is empty.
import { useId, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { RemoteWidgetProps } from '@bozor/shared';
import { i18n } from '../i18n';
import { parseSearch } from '../api/filter';
import { useDebounced, useSearch } from '../hooks/useSearch';
import { CatalogStyles } from './common/CatalogStyles';

export const contractVersion = __CONTRACT_VERSION__;

/** Products the list shows (the API answers up to 12; a phone's screen holds about this many). */
const SHOWN = 8;

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
  const words = q.trim();
  const debounced = useDebounced(words.length >= 2 ? words : '', 250);
  // suggestions only for what the shopper types: the words put in from the address ask nothing
  const { results, total } = useSearch(open ? debounced : '');
  const suggestions = open ? results.slice(0, SHOWN) : [];
  // after the products, a row to the results page when there may be more than the list shows; it
  // counts them when the answer says how many (else "Show all results")
  const showAll = suggestions.length > 0 && (total === undefined || total > suggestions.length);
  const options = suggestions.length + (showAll ? 1 : 0);
  const searchHref = (text: string) => `${basePath}/search?q=${encodeURIComponent(text)}`;

  const go = (path: string) => {
    setOpen(false);
    setActive(-1);
    void navigate(path);
  };
  /** To a chosen product: the field is emptied (the fragment typed is not what the page shows). */
  const goToProduct = (slug: string) => {
    setQ('');
    go(`${basePath}/products/${slug}`);
  };

  return (
    <form
      role="search"
      className="bzc-suggest"
      onSubmit={(e) => {
        e.preventDefault();
        const picked = suggestions[active];
        if (picked) return goToProduct(picked.slug);
        // nothing typed (or only spaces): nothing to search for, so no "Nothing found" page
        if (!words) return;
        // "Show all" chosen, or Enter on the words: the results page
        go(searchHref(words));
      }}
    >
      <input
        className="bz-input"
        type="search"
        role="combobox"
        aria-expanded={options > 0}
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
            // a closed list (after Escape, or a click elsewhere) opens again, as a combobox's does
            if (!open) setOpen(true);
            else setActive((a) => Math.min(a + 1, options - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, -1));
          } else if (e.key === 'Escape' && options > 0) {
            // only closes the list: a search field's own Escape would also clear the words typed
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        data-testid="search-input"
      />
      {options > 0 ? (
        <ul id={listId} role="listbox" aria-label={t('search.suggestions')} data-testid="search-suggestions">
          {suggestions.map((p, i) => (
            <li
              key={p.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                goToProduct(p.slug);
              }}
            >
              {p.name}
            </li>
          ))}
          {showAll ? (
            <li
              id={`${listId}-${suggestions.length}`}
              role="option"
              aria-selected={active === suggestions.length}
              className="bzc-suggest__all"
              data-testid="search-show-all"
              onMouseDown={(e) => {
                e.preventDefault();
                go(searchHref(words));
              }}
            >
              {total === undefined ? t('search.showAllUncounted') : t('search.showAll', { count: total })}
            </li>
          ) : null}
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
