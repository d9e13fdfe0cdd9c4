import { type UseComboboxPropGetters, useCombobox } from 'downshift';
import { memo, type ReactNode, type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Suggestion } from '../../src/search/client';
import { announcement, columnCount } from './logic';
import { type RowMarkup, rowMarkup, sanitize } from './sanitize';
import type { SearchSettings } from './settings';
import type { SearchState } from './useSearch';
import { t } from '../../src/strings';

export interface SearchComboboxProps {
  idPrefix: string;
  value: string;
  /** `typedAt`: the input event's time stamp (the search defer counts from the keystroke). */
  onValueChange: (value: string, typedAt?: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEscape: () => void;
  onSelect: (suggestion: Suggestion, rowHref: string) => void;
  onPickQuery: (query: string) => void;
  onRemoveRecent: (query: string) => void;
  search: SearchState;
  settings: SearchSettings;
  /** Recent searches to show (already cut to the last five). */
  recent: string[];
  /** A message shown instead of a request, e.g. a blocked submit. */
  hint: string;
  inputRef: RefObject<HTMLInputElement | null>;
  inputName: string;
  inputClassName: string;
  placeholder: string;
  labelText: string;
  maxHeight: number;
  /** Rendered right after the input: the submit button (inline) or the close button (full screen). */
  afterInput?: ReactNode;
  /** Wraps the input like the plugin's form does (div.ysm-smart-search-input-holder). */
  inputHolderClassName: string;
}

/**
 * The ARIA 1.2 combobox (downshift's useCombobox): the input owns focus, the active option is named
 * by aria-activedescendant, and the polite live region says what the results area shows.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const { search, settings, open, idPrefix } = props;
  const items = search.status === 'results' || search.status === 'loading' ? search.suggestions : [];
  const rows = useMemo(() => items.map((item) => rowMarkup(item.data, item.value)), [items]);
  // Sanitising parses a document: once per answer, not on every keystroke that re-renders the open list.
  const viewAllHtml = useMemo(() => (search.viewAllLink ? sanitize(search.viewAllLink) : ''), [search.viewAllLink]);
  const innerRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  // Stable, so downshift's prop getters are too (they depend on it): a keystroke then leaves the rows alone.
  const getItemId = useCallback((index: number) => `${idPrefix}-option-${index}`, [idPrefix]);

  const { getInputProps, getMenuProps, getItemProps, getLabelProps, highlightedIndex } = useCombobox<Suggestion>({
    items,
    itemToString: (item) => item?.value ?? '',
    inputValue: props.value,
    isOpen: open,
    selectedItem: null,
    inputId: `${idPrefix}-input`,
    menuId: `${idPrefix}-listbox`,
    labelId: `${idPrefix}-label`,
    getItemId,
    // Value and open state are the widget's, updated in the input's own events (see getInputProps
    // below): downshift reports changes from an effect, a render late, and a controlled input fed a
    // render late loses characters typed quickly and can reopen a list the widget just closed.
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      props.onSelect(selectedItem, rows[items.indexOf(selectedItem)]?.href ?? '');
    },
    stateReducer: (state, { type, changes }) => {
      // Focus leaving the input does not close or select anything: the widget decides on focusout,
      // so Tab can reach the recent searches and the view-all link inside the popup.
      if (type === useCombobox.stateChangeTypes.InputBlur) return { ...changes, isOpen: state.isOpen, inputValue: state.inputValue };
      if (type === useCombobox.stateChangeTypes.InputClick) return { ...changes, isOpen: true };
      return changes;
    },
  });

  // SRC-12: as many 200 px columns as fit, at least one, at most the configured number.
  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!inner || !open) return;
    const measure = () => setColumns(columnCount(inner.getBoundingClientRect().width, settings.columns));
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [open, settings.columns]);

  const showStarters = search.status === 'idle' && (props.recent.length > 0 || settings.keywords.length > 0);
  const keywords = search.status === 'results' || search.status === 'empty' ? search.keywords : settings.keywords;
  const loading = search.status === 'loading';
  const status = props.hint || announcement({ status: search.status, count: items.length, noResultsText: settings.noResultsText });
  const showNoResults = search.status === 'empty' && settings.noResultsText !== '';
  const hasContent = items.length > 0 || showStarters || showNoResults || search.status === 'error' || props.hint !== '' || keywords.length > 0;
  const loaderStyle =
    loading && settings.loaderIcon && !settings.loaderImage ? { backgroundImage: `url(${JSON.stringify(settings.loaderIcon)})` } : undefined;

  return (
    <>
      <div className={props.inputHolderClassName}>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps supplies htmlFor */}
        <label {...getLabelProps()}>
          <span className="screen-reader-text">{props.labelText}</span>
        </label>
        <input
          {...getInputProps({
            ref: props.inputRef,
            onChange: (event) => props.onValueChange(event.currentTarget.value, event.timeStamp),
            // SRC-01: focus or a click in the input opens the results area (recent searches, keywords, last results).
            onFocus: () => props.onOpenChange(true),
            onClick: () => props.onOpenChange(true),
            onKeyDown: (event) => {
              const native = event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean };
              if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) props.onOpenChange(true);
              // Enter with no highlighted row submits the form (SRC-05/07); downshift would swallow it while open.
              if (event.key === 'Enter' && highlightedIndex < 0) native.preventDownshiftDefault = true;
              if (event.key !== 'Escape') return;
              native.preventDownshiftDefault = true;
              // Chromium clears a type=search field on Escape; the widget clears it itself, 500 ms later (SRC-02).
              event.preventDefault();
              props.onEscape();
            },
          })}
          type="search"
          name={props.inputName}
          className={`${props.inputClassName}${loaderStyle ? ' sws-loading' : ''}`}
          placeholder={props.placeholder}
          autoComplete="off"
          style={loaderStyle}
        />
        {settings.loaderImage ? (
          <img className={`sws-loader-image${loading ? ' sws-loader-image--visible' : ''}`} src={settings.loaderImage} alt="Loading..." hidden={!loading} />
        ) : null}
        {props.afterInput}
      </div>
      <div
        className={`smart-search-popup${search.viewAllLink ? ' has-viewall-button' : ''}${keywords.length > 0 ? ' sws-has-keywords' : ''}`}
        hidden={!open || !hasContent}
      >
        <div className="smart-search-results" style={{ maxHeight: props.maxHeight }}>
          <div className="smart-search-results-inner" ref={innerRef} data-columns={columns} aria-busy={loading}>
            {showStarters && props.recent.length > 0 ? (
              <div className="sws-search-recent-wrapper">
                <h4 className="sws-search-recent-title">{settings.recentSearchesTitle}</h4>
                <ul className="sws-search-recent-list">
                  {props.recent.map((query) => (
                    <li key={query} className="sws-search-recent-list-item">
                      <button type="button" className="sws-search-recent-list-item-trigger" onClick={() => props.onPickQuery(query)}>
                        {query}
                      </button>
                      <button
                        type="button"
                        className="sws-search-recent-list-item-delete"
                        data-item={query}
                        aria-label={t('searchRemoveRecent', { query })}
                        onClick={() => props.onRemoveRecent(query)}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {keywords.length > 0 && search.status !== 'loading' ? (
              <div className="smart-search-keywords-wrapper">
                <h3 className="smart-search-keywords-title">{settings.keywordsLabel}</h3>
                <ul className="smart-search-keywords-list">
                  {keywords.map((keyword) => (
                    <li key={keyword} className="sws-search-recent-list-item">
                      <button type="button" className="sws-search-recent-list-item-trigger" onClick={() => props.onPickQuery(keyword)}>
                        {keyword}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <ul
              {...getMenuProps({}, { suppressRefError: true })}
              className="smart-search-suggestions"
              aria-label={t('searchSuggestions', { label: props.labelText })}
              hidden={items.length === 0}
              style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
            >
              <SuggestionRows items={items} rows={rows} highlightedIndex={highlightedIndex} getItemProps={getItemProps} />
            </ul>
            {showNoResults ? <div className="autocomplete-no-suggestion">{settings.noResultsText}</div> : null}
            {search.status === 'error' ? <div className="autocomplete-no-suggestion sws-search-error">{status}</div> : null}
            {props.hint ? <div className="autocomplete-no-suggestion sws-search-hint">{props.hint}</div> : null}
            {search.viewAllLink && search.status === 'results' ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: view_all_link is server markup, sanitised
              <div className="smart-search-view-all-holder" dangerouslySetInnerHTML={{ __html: viewAllHtml }} />
            ) : null}
          </div>
        </div>
      </div>
      <div id={`${idPrefix}-status`} className="screen-reader-text" role="status" aria-live="polite">
        {open ? status : ''}
      </div>
    </>
  );
}

interface SuggestionRowsProps {
  items: Suggestion[];
  rows: RowMarkup[];
  highlightedIndex: number;
  getItemProps: UseComboboxPropGetters<Suggestion>['getItemProps'];
}

/**
 * The options, memoised: a keystroke re-renders the combobox with the shown answer until the next one comes, and
 * its rows only change with the answer or the highlight (downshift's getItemProps changes with both).
 */
const SuggestionRows = memo(function SuggestionRows({ items, rows, highlightedIndex, getItemProps }: SuggestionRowsProps) {
  return items.map((item, index) => (
    <li
      // biome-ignore lint/suspicious/noArrayIndexKey: rows are replaced wholesale per answer; two rows may share a url
      key={`${item.url}-${index}`}
      {...getItemProps({ item, index })}
      className={`autocomplete-suggestion${highlightedIndex === index ? ' autocomplete-selected' : ''}`}
      data-index={index}
      // Server row markup (contract: search rows' `data`), sanitised, links unwrapped.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in rowMarkup
      dangerouslySetInnerHTML={{ __html: rows[index]?.html ?? '' }}
    />
  ));
});
