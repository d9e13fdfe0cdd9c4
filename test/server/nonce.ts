import { randomBytes } from 'node:crypto';
import type { State } from './state.ts';

// WordPress nonces are 10 hex characters tied to an action and a time window. Issued nonces are
// remembered with their birth time, so expiry is exact and testable (advance the clock, or lower the lifetime).

/**
 * Like wp_create_nonce(), the same action (and session) gets the same nonce until half its lifetime has
 * passed, so markup stays stable between requests and the nonce table stays small.
 */
export function makeNonce(state: State, action: string, scope = ''): string {
  const cacheKey = `${action}|${scope}`;
  const cached = state.nonceCache.get(cacheKey);
  const known = cached ? state.nonces.get(cached) : undefined;
  if (cached && known && state.now() - known.issued < state.settings.nonce_lifetime_ms / 2) return cached;
  const value = randomBytes(5).toString('hex');
  state.nonces.set(value, { action, issued: state.now() });
  state.nonceCache.set(cacheKey, value);
  return value;
}

export function checkNonce(state: State, action: string, value: string | undefined | null): boolean {
  if (state.failNonceChecks > 0) {
    state.failNonceChecks--;
    return false;
  }
  if (!value) return false;
  const known = state.nonces.get(value);
  if (!known || known.action !== action) return false;
  return state.now() - known.issued < state.settings.nonce_lifetime_ms;
}

