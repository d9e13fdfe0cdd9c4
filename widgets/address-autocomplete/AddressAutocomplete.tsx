import { useCombobox } from 'downshift';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import {
  type AddressProvider,
  BLUR_CLOSE_MS,
  canQuery,
  type Suggestion,
  sanitizeQuery,
  suggestionsFrom,
} from '../../src/address-autocomplete/logic';
import { onProvidersChanged } from '../../src/address-autocomplete/registry';
import { lazyPart, useLazyPart } from '../../src/lazy-part';
import { injectStyle } from '../../src/styles';
import css from '../../styles/address-autocomplete.css?inline';
import { LOG, useBranding } from './branding';
import { fillAddress, IGNORE_ATTRIBUTES } from './fill';
import type { AddressAutocompleteProps } from './schema';
import type { SuggestionList } from './list';

/**
 * The list's code (floating-ui with it, ./list). The entry asks for it beside the widget's own (the definition's
 * `alongside`), so it is normally here by the mount; needed once the field has had the focus and a provider serves it.
 */
const listPart = lazyPart<typeof SuggestionList>(
  () => import('./list').then((module) => module.SuggestionList),
  (error) => console.error(`${LOG} the suggestions list could not be loaded; the address fields work without suggestions.`, error),
);

/**
 * downshift's view of the page, where the focus is always on the field. downshift focuses its field whenever its list
 * opens with the focus elsewhere, in an effect after the render that opened it (a frame later in lite). This list
 * opens only while the field has the focus (see search), so that move could only pull back a shopper who went on to
 * the next field in between, and what they typed there would land in the street address. Leaving the field is this
 * widget's own listener's business (the list closes 200 ms later), not downshift's.
 */
function focusStaysEnvironment(field: HTMLInputElement) {
  const page = new Proxy(document, {
    get(target, key) {
      if (key === 'activeElement') return field;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { document: page, Node, addEventListener: window.addEventListener.bind(window), removeEventListener: window.removeEventListener.bind(window) };
}

/** The label that names the field, with an id the listbox can point at. */
function labelIdOf(input: HTMLInputElement): string {
  const label = input.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(input.id)}"]`) : null;
  if (label && !label.id) label.id = `${input.id}-label`;
  return label?.id ?? `${input.id}-label`;
}

/**
 * WAI-ARIA combobox on the server's address_1 field (downshift's useCombobox, wired to the field by
 * listeners since the field stays the server's): typing 3+ characters asks the active provider for the
 * field's country, at most 5 suggestions show under the field (./list, placed by floating-ui) with the
 * provider's matches in <strong>; arrows cycle, Enter or a click selects and fills the address; Escape, a click
 * elsewhere, leaving the field (after 200 ms) or a country change close the list.
 *
 * The list's code comes beside the widget's (./index.ts), and a list waits for it as it waits for the branding. If it
 * cannot be fetched, the field stays or becomes a plain field again.
 */
export default function AddressAutocomplete({ element, props }: WidgetProps<AddressAutocompleteProps, HTMLInputElement>) {
  const { type, registry } = props;
  const [host] = useState(() => {
    const div = document.createElement('div');
    div.className = 'vitrine-address-autocomplete';
    return div;
  });
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [provider, setProvider] = useState<AddressProvider | null>(null);
  const [inputValue, setInputValue] = useState(element.value);
  const serverProvider = provider ? registry.getServerProvider(provider.id) : undefined;
  const branding = useBranding(element, serverProvider?.branding_html);
  /** The field has had the focus (now or before the widget mounted): the list may be needed. */
  const [focused, setFocused] = useState(() => document.activeElement === element);
  const { part: List, failed: listFailed } = useLazyPart(listPart, focused && provider !== null);
  /** Without its list's code the field is a plain field: no combobox roles, no searches nobody will see. */
  const plain = useRef(false);
  plain.current = listFailed === true;
  /** The list as shown: a provider's suggestions wait for its branding (see ./branding) and for the list's code. */
  const listOpen = open && !branding.pending && List !== undefined;
  const listShown = useRef(listOpen);
  listShown.current = listOpen;
  const ticket = useRef(0);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const labelId = useMemo(() => labelIdOf(element), [element]);
  const environment = useMemo(() => focusStaysEnvironment(element), [element]);
  const countryOf = useCallback(() => (document.getElementById(`${type}_country`) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '', [type]);

  const close = useCallback(() => {
    ticket.current += 1;
    clearTimeout(blurTimer.current);
    setOpen(false);
  }, []);

  // ADR-05: the active provider for the field's country, now, when a provider registers and when the
  // country changes (which also closes the list: ADR-02).
  useEffect(() => {
    const evaluate = () => setProvider(registry.setActiveProvider(countryOf(), type));
    evaluate();
    const onCountry = (event: Event) => {
      if ((event.target as Element | null)?.id !== `${type}_country`) return;
      close();
      evaluate();
    };
    document.addEventListener('change', onCountry);
    const stop = onProvidersChanged(evaluate);
    return () => {
      document.removeEventListener('change', onCountry);
      stop();
    };
  }, [registry, type, countryOf, close]);

  const search = useCallback(
    async (raw: string) => {
      const { query, sanitized } = sanitizeQuery(raw);
      if (sanitized) console.warn(`${LOG} Input was sanitized for security`);
      ticket.current += 1;
      const mine = ticket.current;
      const active = plain.current ? null : registry.getActiveProvider(type);
      if (!active || !canQuery(query)) {
        setItems([]);
        setOpen(false);
        return;
      }
      try {
        const answer = await active.search(query, countryOf(), type);
        if (mine !== ticket.current) return;
        const list = suggestionsFrom(answer);
        if (!list) {
          console.error(`${LOG} provider "${active.id}" answered a search with something other than a list; ignored.`, answer);
          return;
        }
        setItems(list);
        // An answer that comes after the shopper left the field opens nothing: a list under a field the shopper has
        // left would hang there until the next click (and the list only ever opens with the field focused, which
        // focusStaysEnvironment relies on).
        setOpen(list.length > 0 && document.activeElement === element);
      } catch (error) {
        if (mine !== ticket.current) return;
        console.error(`${LOG} provider "${active.id}" failed to search.`, error);
        setItems([]);
        setOpen(false);
      }
    },
    [registry, type, countryOf, element],
  );

  const choose = useCallback(
    async (item: Suggestion) => {
      close();
      const active = registry.getActiveProvider(type);
      if (!active) return;
      try {
        const answer = await active.select(item.id);
        const filled = await fillAddress(element, type, answer);
        if (!filled) console.error(`${LOG} provider "${active.id}" answered a selection with no address; nothing filled.`, answer);
      } catch (error) {
        console.error(`${LOG} provider "${active.id}" failed to select.`, error);
      }
    },
    [registry, type, element, close],
  );

  const { getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<Suggestion>({
    items,
    environment,
    isOpen: listOpen,
    inputValue,
    selectedItem: null,
    itemToString: (item) => item?.label ?? '',
    inputId: element.id,
    labelId,
    menuId: `address_suggestions_${type}_list`,
    getItemId: (index) => `suggestion-item-${type}-${index}`,
    stateReducer: (state, { type: action, changes }) => {
      switch (action) {
        // Leaving the field closes after 200 ms (our timer), never selects.
        case useCombobox.stateChangeTypes.InputBlur:
          return { ...changes, isOpen: state.isOpen, selectedItem: state.selectedItem, highlightedIndex: state.highlightedIndex };
        // The field keeps what the shopper typed; selecting fills it through the provider's address.
        case useCombobox.stateChangeTypes.InputKeyDownEscape:
        case useCombobox.stateChangeTypes.InputKeyDownEnter:
        case useCombobox.stateChangeTypes.ItemClick:
          return { ...changes, inputValue: state.inputValue };
        default:
          return changes;
      }
    },
    onInputValueChange: ({ inputValue: value, type: action }) => {
      if (action !== useCombobox.stateChangeTypes.InputChange) return;
      setInputValue(value ?? '');
      void search(value ?? '');
    },
    onIsOpenChange: ({ isOpen }) => {
      if (!isOpen) close();
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) void choose(selectedItem);
    },
  });

  // The field is the server's: downshift's handlers and ARIA go onto it by hand, the latest each render.
  const inputProps = getInputProps({}, { suppressRefError: true });
  const latest = useRef(inputProps);
  latest.current = inputProps;
  const active = provider !== null && !listFailed;

  useEffect(() => {
    injectStyle('address-autocomplete', css);
    element.after(host);
    (latest.current.ref as (node: HTMLInputElement | null) => void)(element);
    const onInput = (event: Event) => {
      latest.current.onChange?.(event as never);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (latest.current['aria-expanded']) latest.current.onKeyDown?.(event as never);
    };
    const onBlur = (event: FocusEvent) => {
      latest.current.onBlur?.(event as never);
      clearTimeout(blurTimer.current);
      // A list not on screen yet (its code or its branding on the way) has nothing to click: it closes now. Left to
      // open later, it would show under a field the shopper has left.
      if (listShown.current) blurTimer.current = setTimeout(close, BLUR_CLOSE_MS);
      else close();
    };
    const onFocus = () => {
      clearTimeout(blurTimer.current);
      setFocused(true);
    };
    element.addEventListener('input', onInput);
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('blur', onBlur);
    element.addEventListener('focus', onFocus);
    // Typed before the code came: search what is there now (the live value).
    if (document.activeElement === element && element.value) void search(element.value);
    return () => {
      element.removeEventListener('input', onInput);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('blur', onBlur);
      element.removeEventListener('focus', onFocus);
      clearTimeout(blurTimer.current);
      host.remove();
    };
  }, [element, host, close, search]);

  // ARIA of the combobox on the field while a provider serves its country; password managers told to stay
  // away while the list is open.
  useLayoutEffect(() => {
    const row = element.closest('.form-row');
    row?.classList.toggle('autocomplete-available', active);
    const aria: Record<string, string> = active
      ? {
          role: 'combobox',
          'aria-autocomplete': 'list',
          'aria-controls': `address_suggestions_${type}_list`,
          'aria-owns': `address_suggestions_${type}_list`,
          'aria-expanded': String(listOpen),
        }
      : {};
    if (active && listOpen && highlightedIndex > -1) aria['aria-activedescendant'] = `suggestion-item-${type}-${highlightedIndex}`;
    const saved = new Map<string, string | null>();
    const names = new Set([...Object.keys(aria), 'aria-activedescendant', ...(listOpen ? Object.keys(IGNORE_ATTRIBUTES) : [])]);
    for (const name of names) saved.set(name, element.getAttribute(name));
    for (const [name, value] of Object.entries(aria)) element.setAttribute(name, value);
    if (!aria['aria-activedescendant']) element.removeAttribute('aria-activedescendant');
    if (listOpen) for (const [name, value] of Object.entries(IGNORE_ATTRIBUTES)) element.setAttribute(name, value);
    return () => {
      for (const [name, value] of saved) {
        if (value === null) element.removeAttribute(name);
        else element.setAttribute(name, value);
      }
      row?.classList.remove('autocomplete-available');
    };
  }, [element, active, listOpen, highlightedIndex, type]);

  // Called each render, shown or not: downshift checks that its menu getter was called.
  const menuProps = getMenuProps({}, { suppressRefError: true });
  if (!List) return null;
  return (
    <List
      field={element}
      host={host}
      type={type}
      items={items}
      shown={listOpen && active && items.length > 0}
      highlightedIndex={highlightedIndex}
      menuProps={menuProps}
      getItemProps={getItemProps}
      branding={branding}
      providerName={serverProvider?.name}
      close={close}
    />
  );
}
