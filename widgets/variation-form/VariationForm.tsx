import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';
import { injectStyle } from '../../src/styles';
import { registerVariationStore } from '../../src/variation/registry';
import { createVariationStore } from '../../src/variation/store';
import css from '../../styles/variation-form.css?inline';
import { attachFormView } from './form-view';
import { describeLookupError, getVariationLookup } from './lookup';
import type { VariationFormProps } from './schema';

/**
 * Enhances `form.variations_form` in place. The shared store (src/variation) owns the state, so a
 * second view (swatches) drives the same choice through the same selects; this component only wires
 * the store to the server's markup for the lifetime of the root.
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
    const detach = attachFormView(form, store, props);
    return () => {
      detach();
      unregister();
      store.destroy();
    };
  }, [form, props]);
  return null;
}
