import { type LazyPartState, lazyPart, useLazyPart } from '../../src/lazy-part';
import type { FullScreenLayout } from './full-screen';

type Layout = typeof FullScreenLayout;

const layout = lazyPart<Layout>(
  () => import('./full-screen').then((module) => module.FullScreenLayout),
  (error) => console.error('[vitrine] instant-search: the full-screen layout could not be loaded; the search shows as a dropdown instead.', error),
);

/**
 * The full-screen layout's component, fetched as soon as `wanted` (full-screen mode applies at this
 * viewport width: at mount, or when the viewport turns into it), not at the first click, so opening the
 * dialog does not wait for it. `failed` once it could not be fetched: the widget falls back to the
 * dropdown layout. `beforeSwap` runs just before either re-render, while the interim markup is in place.
 */
export function useFullScreenLayout(wanted: boolean, beforeSwap: () => void): LazyPartState<Layout> {
  return useLazyPart(layout, wanted, beforeSwap);
}
