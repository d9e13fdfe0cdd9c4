import { useLayoutEffect, useState } from 'react';

/**
 * A `display:contents` element of ours at the start or end of the gallery, for portals: the trigger
 * must come first (theme CSS positions it over the image), the thumbnails after the wrapper.
 */
export function useHost(parent: HTMLElement, where: 'start' | 'end', enabled: boolean): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!enabled) return;
    const element = document.createElement('div');
    element.className = 'vitrine-gallery__host';
    element.style.display = 'contents';
    if (where === 'start') parent.prepend(element);
    else parent.append(element);
    setHost(element);
    return () => {
      element.remove();
      setHost(null);
    };
  }, [parent, where, enabled]);
  return host;
}
