/**
 * A part of a widget that only some shoppers need (the search's full-screen layout, a swatch's tooltip, the
 * address suggestions' list), in a chunk of its own fetched when it is first wanted rather than with the widget. The
 * address suggestions' widget itself loads at the field, and the entry asks for its list beside it: this loader then
 * finds the list already there.
 * One fetch serves every widget of the page. A failed fetch is reported once through `onFailure` and forgotten,
 * so the next widget that wants the part asks again (a network blip need not last the whole visit).
 */
import { useEffect, useRef, useState } from 'react';

export interface LazyPart<T> {
  /** Resolves with the part, fetching it on the first call. */
  load(): Promise<T>;
  /** The part, if it has already arrived. */
  loaded(): T | undefined;
}

export function lazyPart<T>(fetch: () => Promise<T>, onFailure: (error: unknown) => void): LazyPart<T> {
  let loading: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load() {
      loading ??= fetch().then(
        (part) => (value = part),
        (error: unknown) => {
          loading = undefined;
          onFailure(error);
          throw error;
        },
      );
      return loading;
    },
    loaded: () => value,
  };
}

export interface LazyPartState<T> {
  part?: T;
  /** This widget's fetch failed: it goes on without the part. */
  failed?: true;
}

/**
 * The part for a component: there from the first render if another widget already fetched it, fetched as soon as
 * `wanted` is true otherwise. `beforeSwap` runs just before the re-render that brings the part in (or says it
 * failed), while the interim markup is still in place. Parts are components, so the state holds them in an
 * object: React would call a function handed to `setState` as an updater.
 */
export function useLazyPart<T>(lazy: LazyPart<T>, wanted: boolean, beforeSwap?: () => void): LazyPartState<T> {
  const [state, setState] = useState<LazyPartState<T>>(() => ({ part: lazy.loaded() }));
  const before = useRef(beforeSwap);
  before.current = beforeSwap;
  useEffect(() => {
    if (!wanted || state.part !== undefined || state.failed) return;
    let live = true;
    const settle = (next: LazyPartState<T>) => {
      if (!live) return;
      before.current?.();
      setState(next);
    };
    lazy.load().then(
      (part) => settle({ part }),
      () => settle({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, [lazy, wanted, state]);
  return state;
}
