import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { emit } from '../../src/bus';
import { injectStyle } from '../../src/styles';
import { registerVariationStore } from '../../src/variation/registry';
import { createVariationStore } from '../../src/variation/store';
import css from '../../styles/variation-form.css?inline';
import { attachFormView } from './form-view';
import { describeLookupError, getVariationLookup } from './lookup';
import type { VariationFormProps } from './schema';
import { listenToThemeTriggers } from './theme-triggers';

/** The forms `wc_variation_form` was fired on. */
const announced = new WeakSet<HTMLFormElement>();

/**
 * Enhances `form.variations_form` in place. The shared store (src/variation) owns the state, so a
 * second view (swatches) drives the same choice through the same selects; this component only wires
 * the store to the server's markup, and to the jQuery events theme code triggers, for the lifetime of the root.
 */
export default function VariationForm({ element: form, props }: WidgetProps<VariationFormProps, HTMLFormElement>) {
  useEffect(() => {
    injectStyle('variation-form', css);
    const store = createVariationStore({
      form,
      selects: Array.from(form.querySelectorAll<HTMLSelectElement>('.variations select')),
      variations: props.variations,
      lookup: getVariationLookup(props.productId, props.customData),
      describeError: describeLookupError,
    });
    const unregister = registerVariationStore(form, store);
    const view = attachFormView(form, store, props);
    const stopThemeTriggers = listenToThemeTriggers(form, store, view);
    // add-to-cart-variation.js announces each form it starts with `wc_variation_form` (after its first check, as here):
    // theme and plugin code starts its own work on the form from it. Once per form: StrictMode runs this effect twice.
    if (!announced.has(form)) {
      announced.add(form);
      emit('variation:form-ready', { form, variations: props.variations });
    }
    return () => {
      stopThemeTriggers();
      view.detach();
      unregister();
      store.destroy();
    };
  }, [form, props]);
  return null;
}
