import { type UseComboboxPropGetters, useCombobox } from 'downshift';
import { memo, type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Suggestion } from '../../src/search/client';
import { announcement, columnCount } from './logic';
import { type RowMarkup, rowMarkup, sanitize } from './sanitize';
import type { SearchSettings } from './settings';
import type { SearchState } from './useSearch';
import { t } from './strings';

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
 *
 * A typed letter is on screen before the widget renders: while the shopper types, the input's text is the
 * browser's (React does not hold its value), and the widget hears of it after the next paint, once per frame
 * whatever the keys in it. Rendering the widget inside the input event held each letter off the screen for that
 * render: a keystroke a frame or two slower than the plugin's own script on a phone (issue 30). Text set by the
 * widget (a recent search picked, the field cleared after closing) is written to the input.
 */
export function SearchCombobox(props: SearchComboboxProps) {
  const { search, settings, open, idPrefix } = props;
  /** While keys typed since the last paint wait for their report: the last one's event time (the search defer counts from it). */
  const typedAt = useRef<number | null>(null);
  /** The text last reported from typing: the widget's value catching up with it must not write it back over newer keys. */
  const reported = useRef(props.value);
  const [initialValue] = useState(props.value);
  const items = search.status === 'results' || search.status === 'loading' ? search.suggestions : [];
  const rows = useMemo(() => items.map((item) => rowMarkup(item.data, item.value)), [items]);
  // Sanitising parses a document: once per answer, not on every keystroke that re-renders the open list.
  const viewAllHtml = useMemo(() => (search.viewAllLink ? sanitize(search.viewAllLink) : ''), [search.viewAllLink]);
  const innerRef = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  // Stable, so downshift's prop getters are too (they depend on it): a keystroke then leaves the rows alone.
  const getItemId = useCallback((index: number) => `${idPrefix}-option-${index}`, [idPrefix]);

  const { getInputProps, getMenuProps, getItemProps, getLabelProps, highlightedIndex, setHighlightedIndex } = useCombobox<Suggestion>({
    items,
    itemToString: (item) => item?.value ?? '',
    inputValue: props.value,
    isOpen: open,
    selectedItem: null,
    inputId: `${idPrefix}-input`,
    menuId: `${idPrefix}-listbox`,
    labelId: `${idPrefix}-label`,
    getItemId,
    // Value and open state are the widget's, not downshift's: downshift reports changes from an effect, a
    // render late, and could reopen a list the widget just closed. The value follows the field's text after
    // each paint (reportTyping); the field itself is never fed a value a render late, which lost characters.
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

  /**
   * Tells the widget what the field now shows, as downshift's own input change would (no row highlighted). Called
   * after the paint from the render of the first key (its props' callbacks do the same in every render), or at once
   * by Enter; a report dropped (Escape, unmount) leaves `typedAt` null and this does nothing.
   */
  const reportTyping = () => {
    const at = typedAt.current;
    const input = props.inputRef.current;
    typedAt.current = null;
    if (at === null || !input) return;
    reported.current = input.value;
    setHighlightedIndex(-1);
    props.onValueChange(input.value, at);
  };
  useEffect(
    () => () => {
      typedAt.current = null;
    },
    [],
  );

  // Text the widget sets is written to the field; its value catching up with what was typed is not (newer keys may be
  // there), nor is anything while keys wait for their report: the field's text is then newer than any value (the clear
  // 500 ms after Escape, landing just after the shopper began typing again, would wipe their letters).
  useLayoutEffect(() => {
    const input = props.inputRef.current;
    if (!input || typedAt.current !== null || input.value === props.value || props.value === reported.current) return;
    input.value = props.value;
    reported.current = props.value;
  }, [props.value, props.inputRef]);

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

  // The field's text is the browser's (see above): downshift's value prop is left out.
  const { value: _downshiftValue, ...inputProps } = getInputProps({
    ref: props.inputRef,
    onChange: (event) => {
      // downshift's own handler would render the combobox in this event (its InputChange): reportTyping does its work.
      (event.nativeEvent as Event & { preventDownshiftDefault?: boolean }).preventDownshiftDefault = true;
      // A frame's callbacks run before its paint; a timeout set from one runs after it. One report per frame.
      if (typedAt.current === null) requestAnimationFrame(() => setTimeout(reportTyping));
      typedAt.current = event.timeStamp;
    },
    // Leaving the field within a frame of a letter: its report comes first, so the form's focusout, which closes the
    // list, has the last word (a report after it reopened the list over a form the shopper had left).
    onBlur: reportTyping,
    // SRC-01: focus or a click in the input opens the results area (recent searches, keywords, last results).
    onFocus: () => props.onOpenChange(true),
    onClick: () => props.onOpenChange(true),
    onKeyDown: (event) => {
      const native = event.nativeEvent as KeyboardEvent & { preventDownshiftDefault?: boolean };
      // A letter then a move (the arrows, Home, End, Page Up/Down) within one frame: the letter's report first, as if
      // the frame had passed, or its clearing of the highlight would come after the move and undo it.
      if (/^(Arr|Hom|End|Pag)/.test(event.key)) reportTyping();
      if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) props.onOpenChange(true);
      if (event.key === 'Enter') {
        // Letters typed since the last paint reach the widget now, before the form's submit answers Enter (a hint
        // it shows must not be cleared by their report coming after it). They took the highlight off too: the rows
        // are the previous text's.
        const typedSincePaint = typedAt.current !== null;
        if (typedSincePaint) reportTyping();
        // Enter with no highlighted row submits the form (SRC-05/07); downshift would swallow it while open.
        if (highlightedIndex < 0 || typedSincePaint) native.preventDownshiftDefault = true;
      }
      if (event.key !== 'Escape') return;
      typedAt.current = null;
      native.preventDownshiftDefault = true;
      // Chromium clears a type=search field on Escape; the widget clears it itself, 500 ms later (SRC-02).
      event.preventDefault();
      props.onEscape();
    },
  });

  return (
    <>
      <div className={props.inputHolderClassName}>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: getLabelProps supplies htmlFor */}
        <label {...getLabelProps()}>
          <span className="screen-reader-text">{props.labelText}</span>
        </label>
        <input
          {...inputProps}
          defaultValue={initialValue}
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
