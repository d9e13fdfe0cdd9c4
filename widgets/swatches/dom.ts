/**
 * The server elements one swatches root drives, found once per mount, and the attributes that turn the
 * plugin's option divs into an accessible radio group (WAI-ARIA radio group, roving tabindex) while
 * keeping the plugin's runtime classes for theme CSS.
 */
import type { Chosen } from './logic';
import { tabStop } from './logic';
import { containersOf, type SwatchGroup, type SwatchSettings, selectFor } from './schema';
import { t } from './strings';

export interface GroupElements {
  container: HTMLElement;
  select: HTMLSelectElement | null;
  options: HTMLElement[];
  /** The row's `<label for=select>` (product page), where the plugin writes the chosen name. */
  label: HTMLElement | null;
}

/** The shop card around a loop variations form (the product's `li`). */
export function cardOf(form: Element): Element {
  return form.closest('li.product, .product, li') ?? form.parentElement ?? form;
}

export function findElements(form: HTMLElement, groups: readonly SwatchGroup[]): GroupElements[] {
  const containers = containersOf(form);
  return groups.map((group) => {
    const container = containers.find((candidate) => candidate.getAttribute('swatches-attr') === group.attribute) ?? form;
    const select = selectFor(container, form);
    const options = Array.from(container.querySelectorAll<HTMLElement>('.cfvsw-swatches-option[data-slug]'));
    const label = select?.id ? form.querySelector<HTMLElement>(`label[for="${CSS.escape(select.id)}"]`) : null;
    return { container, select, options, label };
  });
}

/** Current choices, read from the selects (the source of truth both views share). */
export function readChosen(groups: readonly SwatchGroup[], elements: readonly GroupElements[]): Chosen {
  const chosen: Record<string, string> = {};
  groups.forEach((group, index) => {
    chosen[group.attribute] = elements[index]?.select?.value ?? '';
  });
  return chosen;
}

/** slug → still choosable in the select (WooCommerce removes or disables options it prunes). */
export function selectAvailability(select: HTMLSelectElement | null): Map<string, boolean> {
  const available = new Map<string, boolean>();
  if (!select) return available;
  for (const option of Array.from(select.options)) {
    if (option.value !== '') available.set(option.value, !option.disabled);
  }
  return available;
}

export type Unavailable = 'out-of-stock' | 'pruned' | null;

export function reasonText(reason: Unavailable): string {
  if (reason === 'out-of-stock') return t('swatchOutOfStock');
  if (reason === 'pruned') return t('swatchPruned');
  return '';
}

interface DecorateInput {
  group: SwatchGroup;
  elements: GroupElements;
  chosen: Chosen;
  settings: SwatchSettings;
  reasonOf: (slug: string) => Unavailable;
}

/** Brings the option divs in line with the state: plugin classes, radio roles and states, one tab stop. */
export function decorateGroup({ group, elements, chosen, settings, reasonOf }: DecorateInput): void {
  const { container, options } = elements;
  container.setAttribute('role', 'radiogroup');
  container.setAttribute('aria-label', group.label);
  const slugs = group.options.map((option) => option.slug);
  const chosenSlug = chosen[group.attribute] ?? '';
  const disabled = new Set(slugs.filter((slug) => reasonOf(slug) !== null));
  const rac = settings.removeAttrClass;
  // `hide` takes unavailable options out of the page (display:none): they cannot hold the tab stop.
  const stop = tabStop(slugs, chosenSlug, disabled, hidesUnavailable(settings) ? disabled : new Set());
  options.forEach((element, index) => {
    const option = group.options[index];
    if (!option) return;
    const reason = reasonOf(option.slug);
    const selected = chosenSlug !== '' && option.slug === chosenSlug;
    element.classList.toggle('cfvsw-selected-swatch', selected);
    element.classList.toggle(`${rac}-disable`, reason === 'out-of-stock');
    element.classList.toggle('cfvsw-swatches-disabled', reason === 'out-of-stock');
    element.classList.toggle(rac, reason === 'pruned');
    element.classList.toggle('cfvsw-swatches-out-of-stock', reason === 'pruned');
    element.setAttribute('role', 'radio');
    element.setAttribute('aria-checked', String(selected));
    element.setAttribute('tabindex', index === stop ? '0' : '-1');
    if (reason) element.setAttribute('aria-disabled', 'true');
    else element.removeAttribute('aria-disabled');
    element.setAttribute('aria-label', reason ? `${option.title} (${reasonText(reason)})` : option.title);
  });
}

/** `remove_attr_class: hide`: unavailable options are display:none rather than veiled (blur, blur-cross). */
export function hidesUnavailable(settings: Pick<SwatchSettings, 'removeAttrClass'>): boolean {
  return settings.removeAttrClass === 'cfvsw-swatches-hide';
}

/**
 * Whether an option can take focus now: not hidden by the `hide` setting and not hidden by anyone's CSS
 * (a theme may hide options too). focus() on a hidden element silently does nothing.
 */
export function canTakeFocus(element: HTMLElement): boolean {
  if (!element.isConnected || element.classList.contains('cfvsw-swatches-hide-disable')) return false;
  if (element.classList.contains('cfvsw-swatches-hide') && element.classList.contains('cfvsw-swatches-out-of-stock')) return false;
  return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
}

/** On unmount the plugin's markup is handed back without our roles and states. */
export function undecorateGroup(elements: GroupElements): void {
  for (const name of ['role', 'aria-label']) elements.container.removeAttribute(name);
  for (const element of elements.options) {
    for (const name of ['role', 'aria-checked', 'aria-disabled', 'aria-label', 'tabindex', 'aria-describedby']) element.removeAttribute(name);
  }
}

/** The pointer is over `element` (false where the engine does not know :hover, as some test DOMs). */
export function isHovered(element: Element): boolean {
  try {
    return element.matches(':hover');
  } catch {
    return false;
  }
}
