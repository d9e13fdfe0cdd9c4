import { useCombobox } from 'downshift';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import css from '../../styles/select-combobox.css?inline';
import { type Choice, filterChoices, firstMatchIndex } from './logic';
import type { SelectComboboxProps } from './schema';
import { takeOverWhenFree } from './take-over';

const choicesOf = (select: HTMLSelectElement): Choice[] =>
  Array.from(select.options)
    .filter((o) => o.value !== '')
    .map((o) => ({ value: o.value, label: (o.textContent ?? '').trim() }));

const MIRRORED = ['aria-invalid', 'aria-describedby', 'aria-required'];

/** The label that names the select, with an id so the combobox can point at it. */
function labelId(select: HTMLSelectElement): string | undefined {
  const label = select.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(select.id)}"]`) : null;
  if (!label) return undefined;
  if (!label.id) label.id = `${select.id}-label`;
  return label.id;
}

/**
 * WAI-ARIA combobox with a listbox popup (downshift's useCombobox) in front of a native select: typing
 * filters the options and highlights the first match, Enter picks the highlighted one (arrows move it),
 * Escape restores. Choosing sets the select's value and fires its change event, so the checkout, the
 * country logic and other scripts see a plain select. Option lists rebuilt by other code (a new country's
 * states) are followed.
 */
export default function SelectCombobox({ element, props }: WidgetProps<SelectComboboxProps, HTMLSelectElement>) {
  const [host] = useState(() => {
    const span = document.createElement('span');
    span.className = 'vitrine-select-combobox';
    return span;
  });
  const [choices, setChoices] = useState(() => choicesOf(element));
  const [value, setValue] = useState(element.value);
  const [mirror, setMirror] = useState<Record<string, string>>({});
  const selected = choices.find((c) => c.value === value) ?? null;
  const [inputValue, setInputValue] = useState(selected?.label ?? '');
  const [filtering, setFiltering] = useState(false);
  const items = useMemo(() => (filtering ? filterChoices(choices, inputValue) : choices), [choices, filtering, inputValue]);
  const id = element.id || element.name;
  const inputRef = useRef<HTMLInputElement>(null);

  // The label shown follows the select (a value set by other code, a rebuilt list). Keyed on the label, not
  // the choice object: the list is re-read at mount, and a re-run then (a frame late in Preact) would put the
  // label back over what the shopper had just typed.
  const selectedLabel = selected?.label ?? '';
  useEffect(() => {
    if (!filtering) setInputValue(selectedLabel);
  }, [selectedLabel, filtering]);

  useEffect(() => {
    injectStyle('select-combobox', css);
    element.before(host);
    const wasHidden = element.hidden;
    const tabIndex = element.getAttribute('tabindex');
    const sync = () => {
      setChoices(choicesOf(element));
      setValue(element.value);
      setMirror(Object.fromEntries(MIRRORED.flatMap((a) => (element.getAttribute(a) !== null ? [[a, element.getAttribute(a) ?? '']] : []))));
    };
    sync();
    let waiting = true;
    const takeOver = () => {
      waiting = false;
      // What the select holds now: a change the shopper made while it was theirs may not have reached `sync` (the
      // entry holds a country change until the address logic's code has come).
      sync();
      // Read now, not when the code came: a shopper who moved on to the next field meanwhile is not pulled back.
      const shopperOnSelect = document.activeElement === element;
      host.hidden = false;
      element.hidden = true;
      element.tabIndex = -1;
      element.setAttribute('aria-hidden', 'true');
      // Hiding the select dropped the focus to the page: the shopper stays on the field, now the box.
      if (shopperOnSelect) inputRef.current?.focus();
    };
    // Until the shopper on the select is done with it, one box shows: the select, theirs (./take-over).
    host.hidden = true;
    const stopWaiting = takeOverWhenFree(element, takeOver);
    const observer = new MutationObserver(sync);
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: MIRRORED });
    element.addEventListener('change', sync);
    // The label still points at the (hidden) select: a click on it brings the shopper to the combobox.
    const label = element.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(element.id)}"]`) : null;
    const focusInput = (event: MouseEvent) => {
      event.preventDefault();
      if (waiting) {
        stopWaiting();
        takeOver();
      }
      inputRef.current?.focus();
    };
    label?.addEventListener('click', focusInput);
    return () => {
      stopWaiting();
      label?.removeEventListener('click', focusInput);
      observer.disconnect();
      element.removeEventListener('change', sync);
      element.hidden = wasHidden;
      if (tabIndex === null) element.removeAttribute('tabindex');
      else element.setAttribute('tabindex', tabIndex);
      element.removeAttribute('aria-hidden');
      host.remove();
    };
  }, [element, host]);

  const choose = (choice: Choice | null) => {
    setFiltering(false);
    setInputValue(choice?.label ?? selected?.label ?? '');
    if (!choice || choice.value === element.value) return;
    element.value = choice.value;
    setValue(choice.value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new Event('change', { bubbles: true }));
  };

  const { getInputProps, getMenuProps, getItemProps, getToggleButtonProps, isOpen, highlightedIndex } = useCombobox<Choice>({
    items,
    itemToString: (item) => item?.label ?? '',
    selectedItem: selected,
    inputValue,
    inputId: `${id}-combobox`,
    menuId: `${id}-listbox`,
    // Named by the option's value, not its place: as the typed text narrows the list, the first match is
    // another option, and a new id in aria-activedescendant is what makes screen readers announce it.
    getItemId: (index) => `${id}-option-${encodeURIComponent(items[index]?.value ?? String(index))}`,
    labelId: labelId(element) ?? `${id}-label`,
    // List autocomplete with automatic selection (WAI-ARIA APG), as selectWoo: the typed text highlights its
    // first match, so Enter picks it. Judged on the text the action carries: the items downshift holds then
    // are the previous render's. Nothing typed or nothing matching highlights nothing, and Enter keeps the value.
    stateReducer: (_state, { type, changes, inputValue: typed }) =>
      type === useCombobox.stateChangeTypes.InputChange ? { ...changes, highlightedIndex: firstMatchIndex(choices, typed ?? '') } : changes,
    onSelectedItemChange: ({ selectedItem }) => choose(selectedItem ?? null),
    onIsOpenChange: ({ isOpen: open }) => {
      if (!open) {
        setFiltering(false);
        setInputValue(selected?.label ?? '');
      }
    },
  });

  const placeholder = element.getAttribute('data-placeholder') ?? '';
  return createPortal(
    <>
      <input
        {...getInputProps({
          ref: inputRef,
          // The typed text is the widget's state, set in the input's own event: downshift reports it a
          // render late, and a controlled input fed a render late loses characters typed quickly.
          onChange: (event) => {
            setFiltering(true);
            setInputValue(event.currentTarget.value);
          },
          // Selected, so a first letter starts a new search over the choice's name.
          onFocus: (event) => event.currentTarget.select(),
        })}
        className="input-text vitrine-select-combobox__input"
        placeholder={placeholder}
        autoComplete="off"
        {...mirror}
      />
      <button type="button" tabIndex={-1} className="vitrine-select-combobox__toggle" aria-label="Show options" {...getToggleButtonProps()}>
        <span aria-hidden="true">▾</span>
      </button>
      <ul {...getMenuProps()} className="vitrine-select-combobox__list" hidden={!isOpen}>
        {isOpen && items.length === 0 ? <li className="vitrine-select-combobox__empty">{props.noMatches}</li> : null}
        {isOpen
          ? items.map((item, index) => (
              <li
                key={item.value}
                className={`vitrine-select-combobox__option${highlightedIndex === index ? ' is-highlighted' : ''}${item.value === value ? ' is-selected' : ''}`}
                {...getItemProps({ item, index })}
              >
                {item.label}
              </li>
            ))
          : null}
      </ul>
    </>,
    host,
  );
}
