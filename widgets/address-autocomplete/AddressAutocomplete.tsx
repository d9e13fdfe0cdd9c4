import { autoUpdate, FloatingPortal, flip, offset, size, useDismiss, useFloating, useInteractions } from '@floating-ui/react';
import { useCombobox } from 'downshift';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { WidgetProps } from '../../mount/types';
import {
  type AddressProvider,
  BLUR_CLOSE_MS,
  canQuery,
  highlightSegments,
  type Suggestion,
  sanitizeQuery,
  suggestionsFrom,
} from '../../src/address-autocomplete/logic';
import { onProvidersChanged } from '../../src/address-autocomplete/registry';
import { injectStyle } from '../../src/styles';
import css from '../../styles/address-autocomplete.css?inline';
import { LOG, useBranding } from './branding';
import { fillAddress, IGNORE_ATTRIBUTES } from './fill';
import type { AddressAutocompleteProps } from './schema';


/** The label that names the field, with an id the listbox can point at. */
function labelIdOf(input: HTMLInputElement): string {
  const label = input.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(input.id)}"]`) : null;
  if (label && !label.id) label.id = `${input.id}-label`;
  return label?.id ?? `${input.id}-label`;
}

/**
 * WAI-ARIA combobox on the server's address_1 field (downshift's useCombobox, wired to the field by
 * listeners since the field stays the server's): typing 3+ characters asks the active provider for the
 * field's country, at most 5 suggestions show under the field (placed by floating-ui) with the provider's
 * matches in <strong>; arrows cycle, Enter or a click selects and fills the address; Escape, a click
 * elsewhere, leaving the field (after 200 ms) or a country change close the list.
 *
 * The list is Vitrine's own element: floating-ui's FloatingPortal puts it in the widget's container after the
 * field and useDismiss closes it on a press elsewhere. Its roles are downshift's (combobox on the field, listbox
 * on the list), so useRole, which would give the list a second role, is not used; focus stays in the field
 * (a combobox), so no FloatingFocusManager either.
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
  /** The list as shown: a provider's suggestions wait for its branding (see ./branding). */
  const listOpen = open && !branding.pending;
  const ticket = useRef(0);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const labelId = useMemo(() => labelIdOf(element), [element]);
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
      const active = registry.getActiveProvider(type);
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
        // An answer that comes after the shopper left the field opens nothing: an open list takes the focus back to
        // its field (downshift focuses the combobox's input when it opens), and the shopper's typing in the next
        // field would land in the street address.
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
  const active = provider !== null;

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
      blurTimer.current = setTimeout(close, BLUR_CLOSE_MS);
    };
    const onFocus = () => clearTimeout(blurTimer.current);
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

  const { refs, floatingStyles, context } = useFloating({
    placement: 'bottom-start',
    strategy: 'absolute',
    open: listOpen,
    onOpenChange: (next) => {
      if (!next) close();
    },
    elements: { reference: element },
    middleware: [
      offset(2),
      flip({ padding: 8 }),
      size({
        apply: ({ rects, elements }) => {
          // As wide as the field, and wide enough to read an address when the theme's field is narrow.
          elements.floating.style.width = `${Math.max(rects.reference.width, 280)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  // A press outside the field and the list closes it; Escape is the field's (downshift's keydown).
  const dismiss = useDismiss(context, { escapeKey: false, referencePress: false });
  const { getFloatingProps } = useInteractions([dismiss]);


  const shown = listOpen && active && items.length > 0;
  return (
    <FloatingPortal root={host}>
    <section
      id={`address_suggestions_${type}`}
      className="woocommerce-address-suggestions"
      aria-live="polite"
      aria-label={`${type === 'billing' ? 'Billing' : 'Shipping'} address suggestions`}
      ref={refs.setFloating}
      style={shown ? floatingStyles : { display: 'none' }}
      {...getFloatingProps()}
    >
      <ul {...getMenuProps({}, { suppressRefError: true })} className="suggestions-list">
        {shown
          ? items.map((item, index) => (
              <li key={item.id} className={highlightedIndex === index ? 'active' : undefined} data-id={item.id} {...getItemProps({ item, index })}>
                {highlightSegments(item.label, item.matchedSubstrings).map((segment, i) =>
                  // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one label, in order.
                  segment.match ? <strong key={i}>{segment.text}</strong> : <span key={i}>{segment.text}</span>,
                )}
              </li>
            ))
          : null}
      </ul>
      {shown && branding.markup ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's branding, sanitised by DOMPurify (useBranding).
        <div className="woocommerce-address-autocomplete-branding" dangerouslySetInnerHTML={{ __html: branding.markup }} />
      ) : null}
      {shown && branding.failed && serverProvider?.name ? <div className="woocommerce-address-autocomplete-branding">{serverProvider.name}</div> : null}
    </section>
    </FloatingPortal>
  );
}
