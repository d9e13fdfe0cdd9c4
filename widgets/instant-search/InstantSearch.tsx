import { type FocusEvent, type FormEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import { createSearchClient, type Suggestion } from '../../src/search/client';
import { navigation, onViewportResize, viewportWidth } from '../../src/navigation';
import { loadRecentSearches, onRecentSearchesChange, saveRecentSearches } from '../../src/search/recent-searches';
import { injectStyle } from '../../src/styles';
import css from '../../styles/instant-search.css?inline';
import {
  addRecent,
  addToCartHref,
  CLOSE_CLEANUP_MS,
  DESKTOP_MIN_WIDTH,
  isFullScreen,
  isLongEnough,
  popupMaxHeight,
  removeRecent,
  searchPageAddress,
  visibleRecent,
} from './logic';
import type { InstantSearchProps } from './schema';
import { SearchCombobox } from './SearchCombobox';
import { sanitize } from './sanitize';
import { readServerInput, restoreSelection, type ServerInputState } from './server-input';
import { useFullScreenLayout } from './use-full-screen';
import { useSearch } from './useSearch';
import { t } from './strings';

/**
 * One instant search. Every piece of state (query, results, open, nonce, cache, timers) belongs to
 * this instance: several widgets on one page never share handlers or class toggles (the original's
 * most reported bug).
 */
export default function InstantSearch({ element, props }: WidgetProps<InstantSearchProps, HTMLElement>) {
  const { settings, form } = props;
  const idPrefix = `vitrine-search-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const client = useMemo(() => createSearchClient({ restUrl: props.restUrl, widgetId: props.widgetId, nonce: props.nonce }), [props]);
  const [width, setWidth] = useState(viewportWidth);
  // The server form as the shopper left it, read at the first render (it leaves the document after mount).
  const [carried] = useState(() => readServerInput(element));
  const [value, setValue] = useState(() => carried?.value ?? form.inputValue);
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState('');
  const [recent, setRecent] = useState(() => (settings.recentSearches ? loadRecentSearches() : []));
  const [searched, setSearched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const triggerRef = useRef<HTMLInputElement>(null);
  const cleanup = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const skipFocusOpen = useRef(false);
  /** The query remembered since the input was last cleared: a longer one typed after it takes its place. */
  const rememberedThisTyping = useRef<string | undefined>(undefined);
  const fullScreen = isFullScreen(settings.fullScreenMode, width);
  const mobile = width < DESKTOP_MIN_WIDTH;

  useLayoutEffect(() => injectStyle('instant-search', css), []);
  useEffect(() => onViewportResize(setWidth), []);
  // One list for every widget of the page and every tab: another widget's save shows here at once.
  useEffect(() => (settings.recentSearches ? onRecentSearchesChange(setRecent) : undefined), [settings.recentSearches]);
  useEffect(() => () => clearTimeout(cleanup.current), []);

  const rememberQuery = useCallback(
    (query: string) => {
      setSearched(true);
      if (!settings.recentSearches) return;
      const next = addRecent(loadRecentSearches(), query, rememberedThisTyping.current);
      rememberedThisTyping.current = query;
      saveRecentSearches(next);
      setRecent(next);
    },
    [settings.recentSearches],
  );

  const { state, search, reset } = useSearch({
    client,
    minChars: settings.minChars,
    preventBadQueries: settings.preventBadQueries,
    onResults: rememberQuery,
  });

  // Text typed into the server's input before the swap is kept, with its caret, and so is its focus.
  // A layout effect: it runs while the server form is still in place, before the mount layer takes it out.
  const pendingCaret = useRef<ServerInputState['selection']>(carried?.focused ? carried.selection : null);
  useLayoutEffect(() => {
    if (!carried?.focused) return;
    if (inputRef.current) {
      inputRef.current.focus();
      restoreSelection(inputRef.current, pendingCaret.current);
      pendingCaret.current = null;
    } else {
      // Full screen: the trigger opens the dialog, whose input gets the caret. Until the layout's chunk
      // arrives the trigger takes the typing, so it shows the caret too.
      triggerRef.current?.focus();
      restoreSelection(triggerRef.current, pendingCaret.current);
    }
  }, [carried]);

  // The full-screen layout is a chunk of its own, fetched once full-screen mode applies. Until it arrives
  // the trigger is editable, and the dialog opens with what was typed there, caret included. If it cannot
  // be fetched, the dropdown layout searches instead.
  const { part: Layout, failed: layoutFailed } = useFullScreenLayout(fullScreen, () => {
    const trigger = triggerRef.current;
    if (trigger && trigger === document.activeElement) pendingCaret.current = [trigger.selectionStart ?? 0, trigger.selectionEnd ?? trigger.selectionStart ?? 0];
  });
  const dialog = fullScreen && Layout !== undefined;
  useEffect(() => {
    if (carried?.value) search(carried.value);
  }, [carried, search]);

  // The dialog's input takes focus as the dialog opens (and the dropdown's, should it replace a focused
  // trigger after a failed fetch), in the commit that shows it: the dialog's container has joined <body> in
  // its own layout effect, which runs first (children before parents), so no key typed after it is lost.
  const liveInput = dialog || (fullScreen && layoutFailed === true);
  useLayoutEffect(() => {
    if (!open || !liveInput) return;
    inputRef.current?.focus();
    restoreSelection(inputRef.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [open, liveInput]);

  const openWidget = useCallback(() => {
    clearTimeout(cleanup.current);
    setOpen(true);
  }, []);

  /** SRC-02: closes at once; 500 ms later the input is cleared and the results hidden (unless reopened). */
  const closeWidget = useCallback(() => {
    setOpen(false);
    setHint('');
    clearTimeout(cleanup.current);
    cleanup.current = setTimeout(() => {
      setValue('');
      rememberedThisTyping.current = undefined;
      reset();
    }, CLOSE_CLEANUP_MS);
  }, [reset]);

  const closeDialog = useCallback(() => {
    if (!open) return;
    closeWidget();
    // Focus goes back to the trigger without reopening; focus events are synchronous, so the flag is
    // down again right after (left up, it swallowed the shopper's next way in, e.g. tabbing back).
    skipFocusOpen.current = true;
    try {
      triggerRef.current?.focus();
    } finally {
      skipFocusOpen.current = false;
    }
  }, [closeWidget, open]);

  const changeValue = (next: string, typedAt?: number) => {
    setValue(next);
    setHint('');
    openWidget();
    search(next, typedAt);
  };

  const pickQuery = (query: string) => {
    changeValue(query);
    inputRef.current?.focus();
  };

  const removeRecentQuery = (query: string) => {
    const next = removeRecent(loadRecentSearches(), query);
    saveRecentSearches(next);
    setRecent(next);
    inputRef.current?.focus();
  };

  const select = (suggestion: Suggestion, rowHref: string) => {
    if (suggestion.id === -1) return;
    const target = suggestion.addToCart && suggestion.id ? addToCartHref(suggestion.url, suggestion.id) : rowHref || suggestion.url;
    if (target) navigation.assign(target);
  };

  /** SRC-05/06/07: blocked when too short, otherwise to the search page with the encoded query. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // What the field shows: a letter typed in the frame before Enter reaches the widget's state only after the paint.
    const query = inputRef.current?.value ?? value;
    if (!isLongEnough(query, settings.minChars)) {
      setHint(t('searchTooShort', { count: settings.minChars }));
      openWidget();
      inputRef.current?.focus();
      return;
    }
    navigation.assign(searchPageAddress(query, { searchPageUrl: props.searchPageUrl, widgetId: props.widgetId, layout: settings.layout, productSlug: settings.productSlug }));
  };

  // Inline: the popup hides when focus leaves the form (Tab out, click elsewhere). The text stays, as
  // in the original: only an explicit close (Escape) clears it, so coming back finds the query intact.
  // So does a full-screen trigger still waiting for its layout: the dialog must not pop up once the shopper has left.
  const onFocusOut = (event: FocusEvent<HTMLFormElement>) => {
    if (dialog || !open || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setOpen(false);
    setHint('');
  };

  const comboboxProps = {
    idPrefix,
    value,
    onValueChange: changeValue,
    open,
    onOpenChange: (next: boolean) => (next ? openWidget() : undefined),
    onSelect: select,
    onPickQuery: pickQuery,
    onRemoveRecent: removeRecentQuery,
    search: state,
    settings,
    recent: settings.recentSearches ? visibleRecent(recent) : [],
    hint,
    inputRef,
    inputName: form.inputName,
    inputClassName: form.inputClassName,
    placeholder: form.placeholder,
    labelText: form.labelText,
    maxHeight: popupMaxHeight(width, settings.maxHeight, settings.maxHeightMobile),
  };

  const hiddenFields = form.hiddenFields.map((field) => <input key={field.name} type="hidden" name={field.name} value={field.value} />);
  const submitButton = (
    <button type="submit" className={form.buttonClassName} aria-label={form.buttonLabel}>
      {form.buttonText ? form.buttonText : <span className="screen-reader-text">{form.buttonLabel}</span>}
    </button>
  );

  if (!fullScreen || layoutFailed) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: WordPress's search form markup is form[role=search]; themes style it
      <form className={`${form.className} ysm-active`} role="search" method="get" action={form.action} data-id={form.dataId} onSubmit={submit} onBlur={onFocusOut}>
        <SearchCombobox {...comboboxProps} onEscape={closeWidget} afterInput={submitButton} inputHolderClassName={form.hasInputHolder ? 'ysm-smart-search-input-holder' : 'sws-input-holder'} />
        {hiddenFields}
      </form>
    );
  }

  // Full screen: the page's form is a trigger; the dialog holds the combobox (SRC-01).
  const openFromTrigger = () => {
    if (!skipFocusOpen.current) openWidget();
  };

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: WordPress's search form markup is form[role=search]; themes style it */}
      <form
        className={`${form.className} ysm-active`}
        role="search"
        method="get"
        action={form.action}
        data-id={form.dataId}
        onSubmit={(event) => {
          event.preventDefault();
          openWidget();
        }}
        onBlur={onFocusOut}
      >
        <div className={form.hasInputHolder ? 'ysm-smart-search-input-holder' : 'sws-input-holder'}>
          <label htmlFor={`${idPrefix}-trigger`}>
            <span className="screen-reader-text">{form.labelText}</span>
          </label>
          <input
            ref={triggerRef}
            id={`${idPrefix}-trigger`}
            type="search"
            name={form.inputName}
            className={form.inputClassName}
            placeholder={form.placeholder}
            value={value}
            readOnly={dialog}
            onChange={(event) => changeValue(event.currentTarget.value, event.timeStamp)}
            aria-haspopup="dialog"
            onFocus={openFromTrigger}
            onClick={openWidget}
          />
          {submitButton}
        </div>
        {hiddenFields}
      </form>
      {open && Layout ? (
        <Layout widgetId={props.widgetId} labelText={form.labelText} settings={settings} searched={searched} mobile={mobile} onClose={closeDialog} sanitize={sanitize}>
          {/* biome-ignore lint/a11y/useSemanticElements: the plugin's markup; a search landmark inside the dialog */}
          <form className="smart-search-input-wrapper" role="search" method="get" action={form.action} onSubmit={submit}>
            <SearchCombobox
              {...comboboxProps}
              onOpenChange={() => undefined}
              onEscape={closeDialog}
              inputHolderClassName="ssf-search-input-holder"
              inputClassName={`ssf-search-input ${form.inputClassName}`}
              afterInput={
                <button type="button" className="ssf-search-icon-close" aria-label={t('searchClose')} onClick={closeDialog}>
                  <span aria-hidden="true">×</span>
                </button>
              }
            />
            {hiddenFields}
          </form>
        </Layout>
      ) : null}
    </>
  );
}
