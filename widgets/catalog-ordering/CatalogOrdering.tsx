import { useEffect } from 'react';
import type { WidgetProps } from '../../mount/types';

/** Submits the ordering form on change; requestSubmit fires `submit` so other listeners still run. */
export default function CatalogOrdering({ element }: WidgetProps<Record<string, never>, HTMLSelectElement>) {
  useEffect(() => {
    const onChange = () => {
      const form = element.form;
      if (!form) return;
      if (typeof form.requestSubmit === 'function') form.requestSubmit();
      else form.submit();
    };
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [element]);
  return null;
}
