import { useCombobox } from 'downshift';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import css from '../../styles/select-combobox.css?inline';
import { type Choice, filterChoices, firstMatchIndex, type TakeOver, takeOver } from './logic';
import type { SelectComboboxProps } from './schema';
import { takeTypedText, watchTypeAhead } from './type-ahead';

watchTypeAhead();

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
  // A shopper who reached the select before the code arrived (its focus woke the widget) stays on the field:
  // hiding the select would drop the focus to the page. Read while rendering, before any effect hides it.
  const focusedAtMount = useRef(document.activeElement === element);
  // Taking over from a select the shopper was typing into: the focus puts the caret after the text instead of
  // selecting it, so their next letter goes on from there (see the mount effect).
  const carryingOn = useRef(false);
  /** The take-over, worked out once (StrictMode runs the mount effect twice in development, and the letters are taken). */
  const takenOver = useRef<TakeOver | null>(null);
  const [carriedOn, setCarriedOn] = useState('');

  // The label shown follows the select (a value set by other code, a rebuilt list). Keyed on the label, not
  // the choice object: the list is re-read at mount, and a re-run then (a frame late in Preact) would put the
  // label back over what the shopper had just typed. Declared before the mount effect, which may put the
  // shopper's letters in the box in the same commit: this runs first, so the letters win.
  const selectedLabel = selected?.label ?? '';
  useEffect(() => {
    if (!filtering) setInputValue(selectedLabel);
  }, [selectedLabel, filtering]);

  useEffect(() => {
    injectStyle('select-combobox', css);
    element.before(host);
    const wasHidden = element.hidden;
    const tabIndex = element.getAttribute('tabindex');
    element.hidden = true;
    element.tabIndex = -1;
    element.setAttribute('aria-hidden', 'true');
    // The shopper was on the select when the combobox came: they stay on it. Only if the focus is still there (or
    // was lost with the select hidden): in Preact this effect runs a frame after the render, and a shopper who moved
    // on to the next field meanwhile must not be pulled back.
    const stillThere = document.activeElement === element || document.activeElement === document.body || document.activeElement === null;
    if (focusedAtMount.current && stillThere) {
      // The select's type-ahead had moved the choice as the shopper typed ("Cana": Canada) before this box came:
      // the box goes on from those letters (see the effect on carriedOn, and logic's takeOver).
      const marked = Array.from(element.options).find((option) => option.hasAttribute('selected'))?.value;
      takenOver.current ??= takeOver(takeTypedText(element), element.selectedOptions[0]?.textContent?.trim() ?? '', marked, element.value);
      const { text, caretAtEnd } = takenOver.current;
      carryingOn.current = caretAtEnd;
      if (text !== '') {
        setFiltering(true);
        setInputValue(text);
        setCarriedOn(text);
      }
      inputRef.current?.focus();
    }
    const sync = () => {
      setChoices(choicesOf(element));
      setValue(element.value);
      setMirror(Object.fromEntries(MIRRORED.flatMap((a) => (element.getAttribute(a) !== null ? [[a, element.getAttribute(a) ?? '']] : []))));
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: MIRRORED });
    element.addEventListener('change', sync);
    // The label still points at the (hidden) select: a click on it brings the shopper to the combobox.
    const label = element.id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(element.id)}"]`) : null;
    const focusInput = (event: MouseEvent) => {
      event.preventDefault();
      inputRef.current?.focus();
    };
    label?.addEventListener('click', focusInput);
    return () => {
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

  const { getInputProps, getMenuProps, getItemProps, getToggleButtonProps, isOpen, highlightedIndex, openMenu, setHighlightedIndex } = useCombobox<Choice>({
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

  // The box shows the letters the shopper typed into the select, the list narrowed to them with the select's
  // choice highlighted: their next letter goes on from there ("d" makes "Canad", not a new search for Denmark).
  useEffect(() => {
    if (carriedOn === '') return;
    openMenu();
    setHighlightedIndex(filterChoices(choicesOf(element), carriedOn).findIndex((choice) => choice.value === element.value));
  }, [carriedOn, element, openMenu, setHighlightedIndex]);

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
          onFocus: (event) => {
            const input = event.currentTarget;
            if (!carryingOn.current) return input.select();
            carryingOn.current = false;
            input.setSelectionRange(input.value.length, input.value.length);
          },
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
