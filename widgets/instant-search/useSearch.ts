import { useCallback, useEffect, useRef, useState } from 'react';
import { isAborted, messageFor } from '../../src/http/errors';
import type { SearchAnswer, SearchClient, Suggestion } from '../../src/search/client';
import { isLongEnough, isPrunedByBadQuery, normaliseQuery, remainingDefer } from './logic';

export type SearchStatus = 'idle' | 'loading' | 'results' | 'empty' | 'error';

export interface SearchState {
  status: SearchStatus;
  /** The query the shown answer belongs to. */
  query: string;
  suggestions: Suggestion[];
  viewAllLink: string;
  keywords: string[];
  error: string;
}

const IDLE: SearchState = { status: 'idle', query: '', suggestions: [], viewAllLink: '', keywords: [], error: '' };

interface Options {
  client: SearchClient;
  minChars: number;
  preventBadQueries: boolean;
  /** Called once per query that had results (recent searches remember only those). */
  onResults: (query: string) => void;
}

/**
 * The query lifecycle: deferred 100 ms after the last keystroke (SRC-08), cache hits answered at
 * once, the previous request aborted, stale answers dropped (a sequence number, not just the abort:
 * an answer can already be on its way when a newer query starts), bad-query pruning.
 */
export function useSearch({ client, minChars, preventBadQueries, onResults }: Options) {
  const [state, setState] = useState<SearchState>(IDLE);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | undefined>(undefined);
  const sequence = useRef(0);
  const badQueries = useRef<string[]>([]);
  const onResultsRef = useRef(onResults);
  onResultsRef.current = onResults;

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
    controller.current = undefined;
    sequence.current += 1;
  }, []);

  const apply = useCallback((query: string, answer: SearchAnswer) => {
    if (answer.suggestions.length === 0) {
      if (!badQueries.current.includes(query)) badQueries.current.push(query);
      setState({ ...IDLE, status: 'empty', query, keywords: answer.keywords });
      return;
    }
    setState({ status: 'results', query, suggestions: answer.suggestions, viewAllLink: answer.viewAllLink, keywords: answer.keywords, error: '' });
    onResultsRef.current(query);
  }, []);

  const search = useCallback(
    /** `typedAt`: the keystroke's event time stamp, where the query comes from one (the defer counts from it). */
    (raw: string, typedAt?: number) => {
      cancel();
      const query = normaliseQuery(raw);
      if (!isLongEnough(query, minChars)) {
        setState(IDLE);
        return;
      }
      if (preventBadQueries && isPrunedByBadQuery(query, badQueries.current)) {
        setState({ ...IDLE, status: 'empty', query });
        return;
      }
      const hit = client.cached(query);
      if (hit) {
        apply(query, hit);
        return;
      }
      const ticket = sequence.current;
      timer.current = setTimeout(() => {
        const abort = new AbortController();
        controller.current = abort;
        setState((previous) => ({ ...previous, status: 'loading', error: '' }));
        client.search(query, abort.signal).then(
          (answer) => {
            if (ticket === sequence.current) apply(query, answer);
          },
          (error: unknown) => {
            if (ticket !== sequence.current || isAborted(error)) return;
            setState({ ...IDLE, status: 'error', query, error: messageFor(error) });
          },
        );
      }, remainingDefer(typedAt, performance.now()));
    },
    [apply, cancel, client, minChars, preventBadQueries],
  );

  const reset = useCallback(() => {
    cancel();
    setState(IDLE);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  return { state, search, reset };
}
