/**
 * Where views find the variation store of a form. The variation-form widget creates and registers
 * it; a second view (swatches) may mount before or after, so it can wait for it.
 */
import type { VariationStore } from './store';

const stores = new WeakMap<HTMLFormElement, VariationStore>();
const waiting = new WeakMap<HTMLFormElement, Array<(store: VariationStore) => void>>();

export function registerVariationStore(form: HTMLFormElement, store: VariationStore): () => void {
  stores.set(form, store);
  for (const resolve of waiting.get(form) ?? []) resolve(store);
  waiting.delete(form);
  return () => {
    if (stores.get(form) === store) stores.delete(form);
  };
}

export function getVariationStore(form: HTMLFormElement): VariationStore | undefined {
  return stores.get(form);
}

/** Resolves with the form's store as soon as the variation-form widget has created it. */
export function whenVariationStore(form: HTMLFormElement): Promise<VariationStore> {
  const existing = stores.get(form);
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve) => {
    const queue = waiting.get(form) ?? [];
    queue.push(resolve);
    waiting.set(form, queue);
  });
}
