import type { LoadStrategy } from './types';

type Cancel = () => void;

let visibility: IntersectionObserver | undefined;
const onVisible = new WeakMap<Element, () => void>();

function visibilityObserver(): IntersectionObserver {
  visibility ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        visibility?.unobserve(entry.target);
        const run = onVisible.get(entry.target);
        onVisible.delete(entry.target);
        run?.();
      }
    },
    // Widgets just below the fold are fetched a little early so they are ready when scrolled to.
    { rootMargin: '256px' },
  );
  return visibility;
}

/** Runs `run` once, when the element's load strategy says so (none: 'visible'). Returns a cancel function. */
export function schedule(strategy: LoadStrategy | undefined, element: Element, run: () => void): Cancel {
  switch (strategy) {
    case 'ready': {
      const timer = setTimeout(run, 0);
      return () => clearTimeout(timer);
    }
    case 'idle': {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(run, { timeout: 2000 });
        return () => cancelIdleCallback(handle);
      }
      const timer = setTimeout(run, 200);
      return () => clearTimeout(timer);
    }
    case 'interaction':
      // Nothing to schedule: the first pointer, focus or key on the element wakes it (./early).
      return () => {};
    default: {
      // 'visible', also a definition's strategy when it names none (mount/types.ts).
      // No fallback for a browser without IntersectionObserver: the bundle is ES2022 (`??=` above), and every browser
      // that can run it has one (Safari since 12.1, Chrome since 51, Firefox since 55).
      onVisible.set(element, run);
      visibilityObserver().observe(element);
      return () => {
        onVisible.delete(element);
        visibility?.unobserve(element);
      };
    }
  }
}
