/**
 * The variation state of one `form.variations_form`, framework-free, shared by every view of it.
 *
 * Contract (for the form widget, swatches and any theme code):
 * - The form's own `<select>`s are the SOURCE OF TRUTH for the chosen values. To choose a value, set
 *   `select.value` and dispatch a bubbling `change` event on it (or call `store.choose(name, value)`,
 *   which does exactly that). The no-JavaScript form post therefore always carries what is shown.
 * - The store derives everything else (matching variation, purchasable, which options are still
 *   available, loading/no-match/error) and tells subscribers, with the cause of the update.
 * - Timing (spec §9): after a select change the variation is re-evaluated 1 ms later, so several
 *   selects set in one go (a swatch click, a theme script) are evaluated once; after a reset it is
 *   re-checked 20 ms later, once every listener of the reset has run.
 * - Ajax mode (variations not embedded): `lookup` is asked once every attribute is chosen; the
 *   previous lookup is aborted. Its answers are remembered, so a combination the server said has no
 *   variation disables the option that would complete it again (core never filters in ajax mode).
 * - Get the store of a form with `getVariationStore(form)` / `whenVariationStore(form)` (registry.ts).
 * - Theme code speaks to the form through WooCommerce's jQuery events; the variation-form widget maps
 *   them onto `check()`, `reload()` and `selectChanged()` (widgets/variation-form/theme-triggers.ts).
 */
import type { VariationData } from '../events';
import {
  type AttributeMap,
  combinationKey,
  countChosen,
  findVariation,
  invalidChoices,
  isPurchasable,
  type OptionAvailability,
  optionAvailability,
  optionAvailabilityFromAnswers,
} from './matching';

export type VariationStatus = 'incomplete' | 'pending' | 'loading' | 'found' | 'no-match' | 'error';

export interface VariationState {
  /** Attribute names in the form's order (`data-attribute_name`, else the select's name). */
  readonly attributes: readonly string[];
  readonly chosen: AttributeMap;
  readonly chosenCount: number;
  readonly allChosen: boolean;
  readonly status: VariationStatus;
  readonly variation: VariationData | null;
  readonly purchasable: boolean;
  /** The shopper-facing message when the ajax lookup failed. */
  readonly error: string | null;
  /** attribute → option value → availability against the other chosen attributes. */
  readonly options: Readonly<Record<string, Readonly<Record<string, OptionAvailability>>>>;
  /** True until the first evaluation is done: no no-match message during the initial load. */
  readonly initial: boolean;
}

/** Why subscribers are told: a view reacts to a change of selection differently from a result. */
export type VariationCause = 'init' | 'select-changed' | 'reset' | 'lookup-started' | 'evaluated';

export type VariationListener = (state: VariationState, cause: VariationCause) => void;

/** Asks the server for the variation of a complete choice; resolves null for "no variation". */
export type VariationLookup = (chosen: AttributeMap, signal: AbortSignal) => Promise<VariationData | null>;

export interface VariationStoreOptions {
  form: HTMLFormElement;
  selects: readonly HTMLSelectElement[];
  /** The embedded variations, or null in ajax mode. */
  variations: readonly VariationData[] | null;
  lookup?: VariationLookup;
  /** Turns a lookup failure into the shopper's message. */
  describeError?: (error: unknown) => string | null;
}

export interface VariationStore {
  readonly form: HTMLFormElement;
  readonly selects: readonly HTMLSelectElement[];
  /** True while the variations are not embedded (it changes when `reload()` swaps them). */
  readonly ajax: boolean;
  getState(): VariationState;
  subscribe(listener: VariationListener): () => void;
  /** Sets one select and dispatches its change event (the same path a shopper's choice takes). */
  choose(attribute: string, value: string): void;
  /** Clears every attribute, as the reset link does. */
  reset(): void;
  /** Re-evaluates the selects now, e.g. after code set `select.value` without a change event (`check_variations`). */
  check(): void;
  /** A select changed without a DOM `change` event reaching the form (jQuery's `trigger('change')`). */
  selectChanged(select: HTMLSelectElement): void;
  /** Takes new variations (null: ajax mode), forgets the server's past answers, and re-evaluates (`reload_product_variations`). */
  reload(variations: readonly VariationData[] | null): void;
  destroy(): void;
}

export const SELECT_CHANGE_DELAY = 1;
export const RESET_RECHECK_DELAY = 20;

export function attributeNameOf(select: HTMLSelectElement): string {
  return select.getAttribute('data-attribute_name') || select.name;
}

export function createVariationStore(options: VariationStoreOptions): VariationStore {
  const { form, selects } = options;
  let variations = options.variations;
  const attributes = selects.map(attributeNameOf);
  // The server's full option lists: filtering disables options but never forgets them.
  let optionValues = readOptionValues();
  const answers = new Map<string, VariationData | null>();
  const deadCombinations = new Set<string>();
  const listeners = new Set<VariationListener>();
  let state: VariationState = { ...derive(readChosen()), status: 'incomplete', variation: null, purchasable: false, error: null, initial: true };
  let evaluateTimer: ReturnType<typeof setTimeout> | undefined;
  let lookupController: AbortController | null = null;
  let resetting = false;
  let destroyed = false;

  function readOptionValues(): Record<string, string[]> {
    const values: Record<string, string[]> = {};
    selects.forEach((select, index) => {
      values[attributes[index]!] = Array.from(select.options, (option) => option.value).filter((value) => value !== '');
    });
    return values;
  }

  function readChosen(): Record<string, string> {
    const chosen: Record<string, string> = {};
    selects.forEach((select, index) => {
      chosen[attributes[index]!] = select.value;
    });
    return chosen;
  }

  function availability(chosen: AttributeMap) {
    return variations === null
      ? optionAvailabilityFromAnswers(attributes, chosen, optionValues, deadCombinations)
      : optionAvailability(variations, chosen, optionValues);
  }

  function derive(chosen: AttributeMap) {
    const chosenCount = countChosen(attributes, chosen);
    return { attributes, chosen, chosenCount, allChosen: chosenCount === attributes.length, options: availability(chosen) };
  }

  function publish(next: VariationState, cause: VariationCause): void {
    state = next;
    for (const listener of [...listeners]) {
      try {
        listener(state, cause);
      } catch (error) {
        console.error('[vitrine] a variation state listener threw', error);
      }
    }
  }

  function settle(
    variation: VariationData | null,
    base: ReturnType<typeof derive>,
    initial: boolean,
    status?: VariationStatus,
    error?: string | null,
  ): void {
    const found = variation !== null;
    publish(
      {
        ...base,
        options: availability(base.chosen),
        status: status ?? (found ? 'found' : base.allChosen ? 'no-match' : 'incomplete'),
        variation,
        purchasable: found && isPurchasable(variation),
        error: error ?? null,
        initial,
      },
      'evaluated',
    );
  }

  function evaluate(initial = false): void {
    if (destroyed) return;
    clearTimeout(evaluateTimer);
    lookupController?.abort();
    lookupController = null;
    const base = derive(readChosen());
    // A choice the other choices no longer allow is cleared, with the change event others expect.
    const invalid = invalidChoices(base.chosen, base.options);
    if (invalid.length > 0) {
      for (const name of invalid) {
        const select = selects[attributes.indexOf(name)];
        if (select) setSelect(select, '');
      }
      return;
    }
    const key = combinationKey(attributes, base.chosen);
    if (!base.allChosen) settle(null, base, initial);
    else if (variations !== null) settle(findVariation(variations, base.chosen), base, initial);
    else if (answers.has(key)) settle(answers.get(key) ?? null, base, initial);
    else if (!options.lookup) settle(null, base, initial);
    else lookup(base, key, initial);
  }

  function lookup(base: ReturnType<typeof derive>, key: string, initial: boolean): void {
    if (!options.lookup) return;
    const controller = new AbortController();
    lookupController = controller;
    publish({ ...state, ...base, status: 'loading', variation: null, purchasable: false, error: null }, 'lookup-started');
    const ask = options.lookup;
    // The first lookup (choices made before the form mounted) starts a microtask later: a store torn
    // down at once (React's StrictMode remount) sends nothing.
    if (initial) queueMicrotask(() => !controller.signal.aborted && !destroyed && send(ask, controller, base, key, initial));
    else send(ask, controller, base, key, initial);
  }

  function send(ask: VariationLookup, controller: AbortController, base: ReturnType<typeof derive>, key: string, initial: boolean): void {
    ask(base.chosen, controller.signal).then(
      (variation) => {
        if (controller.signal.aborted || destroyed) return;
        lookupController = null;
        answers.set(key, variation);
        if (variation === null) deadCombinations.add(key);
        settle(variation, base, initial);
      },
      (error: unknown) => {
        if (controller.signal.aborted || destroyed) return;
        lookupController = null;
        const message = options.describeError ? options.describeError(error) : String(error);
        if (message === null) return;
        settle(null, base, initial, 'error', message);
      },
    );
  }

  function setSelect(select: HTMLSelectElement, value: string): void {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }

  function onChange(event: Event): void {
    if (event.target instanceof HTMLSelectElement) selectChanged(event.target);
  }

  function selectChanged(select: HTMLSelectElement): void {
    if (destroyed || !selects.includes(select) || resetting) return;
    lookupController?.abort();
    lookupController = null;
    publish({ ...state, ...derive(readChosen()), status: 'pending', variation: null, purchasable: false, error: null }, 'select-changed');
    clearTimeout(evaluateTimer);
    evaluateTimer = setTimeout(() => evaluate(), SELECT_CHANGE_DELAY);
  }

  form.addEventListener('change', onChange);

  const store: VariationStore = {
    form,
    selects,
    get ajax() {
      return variations === null;
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(attribute, value) {
      const select = selects[attributes.indexOf(attribute)];
      if (select) setSelect(select, value);
    },
    reset() {
      if (destroyed) return;
      lookupController?.abort();
      lookupController = null;
      resetting = true;
      try {
        for (const select of selects) setSelect(select, '');
      } finally {
        resetting = false;
      }
      clearTimeout(evaluateTimer);
      publish({ ...state, ...derive(readChosen()), status: 'incomplete', variation: null, purchasable: false, error: null }, 'reset');
      evaluateTimer = setTimeout(() => evaluate(), RESET_RECHECK_DELAY);
    },
    check() {
      evaluate();
    },
    selectChanged,
    reload(next) {
      if (destroyed) return;
      variations = next;
      // The page may have replaced the options with the variations: re-read both, and what the
      // server answered about the old data no longer holds.
      optionValues = readOptionValues();
      answers.clear();
      deadCombinations.clear();
      evaluate();
    },
    destroy() {
      destroyed = true;
      clearTimeout(evaluateTimer);
      lookupController?.abort();
      form.removeEventListener('change', onChange);
      listeners.clear();
    },
  };
  // The first evaluation runs now, before anyone subscribes: a view applies getState() with cause 'init'.
  evaluate(true);
  return store;
}
