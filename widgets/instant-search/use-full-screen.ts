import { useEffect, useRef, useState } from 'react';
import type { FullScreenLayout } from './full-screen';

type Layout = typeof FullScreenLayout;

// One fetch for every widget of the page, and one console error if it fails.
let loading: Promise<Layout> | undefined;
let loaded: Layout | undefined;

function loadLayout(): Promise<Layout> {
  loading ??= import('./full-screen').then(
    (module) => (loaded = module.FullScreenLayout),
    (error: unknown) => {
      // A widget mounting later tries again: a network blip need not last the whole visit.
      loading = undefined;
      console.error('[vitrine] instant-search: the full-screen layout could not be loaded; the search shows as a dropdown instead.', error);
      throw error;
    },
  );
  return loading;
}

/**
 * The full-screen layout's component, fetched as soon as `wanted` (full-screen mode applies at this
 * viewport width: at mount, or when the viewport turns into it), not at the first click, so opening the
 * dialog does not wait for it. `failed` once it could not be fetched: the widget falls back to the
 * dropdown layout. `beforeSwap` runs just before either re-render, while the interim markup is in place.
 */
export function useFullScreenLayout(wanted: boolean, beforeSwap: () => void): { Layout?: Layout; failed?: true } {
  // Already here (another widget fetched it): rendered from the first frame, with no interim.
  const [state, setState] = useState<{ Layout?: Layout; failed?: true }>(() => ({ Layout: loaded }));
  const before = useRef(beforeSwap);
  before.current = beforeSwap;
  useEffect(() => {
    if (!wanted || state.Layout || state.failed) return;
    let live = true;
    const settle = (next: { Layout?: Layout; failed?: true }) => {
      if (!live) return;
      before.current();
      setState(next);
    };
    loadLayout().then(
      (Layout) => settle({ Layout }),
      () => settle({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [wanted, state]);
  return state;
}
