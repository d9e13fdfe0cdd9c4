/**
 * The provider registry, `window.wc.addressAutocomplete`, with WooCommerce's API (address-autocomplete-common.js),
 * so provider scripts written for WooCommerce register unchanged:
 *
 *   registerAddressAutocompleteProvider({id, canSearch, search, select}) → boolean
 *   getProviders() → {id: provider}     getServerProvider(id) → {id, name, branding_html?} | undefined
 *   getActiveProvider(type) → provider | null       setActiveProvider(country, type)
 *   providers, activeProvider {billing, shipping}, serverProviders, isBlocksContext (false)
 *
 * Registration rules (ADR-07, ADR-10): the id must be among the server's providers
 * (`wc_address_autocomplete_common_params.address_providers`, ADR-09), the three functions present and the id
 * new; a refusal is logged and returns false. Registered providers are frozen.
 *
 * Vitrine's code arrives after classic footer scripts run, so the WordPress plugin prints a small stub in
 * place of WooCommerce's script (plugin/vitrine/address-autocomplete-stub.js) that queues registrations in
 * `queued`; installing the registry registers those, in order, with the same checks.
 */
import { pageGlobal, setPageGlobal } from '../settings';
import { addressAutocompleteParams } from '../settings-buying';
import { type AddressProvider, type AddressType, activeProviderFor, parseServerProviders, registrationRefusal, type ServerProvider } from './logic';

export interface AddressAutocompleteApi {
  providers: Record<string, AddressProvider>;
  activeProvider: Record<AddressType, AddressProvider | null>;
  serverProviders: ServerProvider[];
  isBlocksContext: boolean;
  registerAddressAutocompleteProvider: (provider: unknown) => boolean;
  getServerProvider: (id: string) => ServerProvider | undefined;
  getProviders: () => Record<string, AddressProvider>;
  getActiveProvider: (type: AddressType) => AddressProvider | null;
  setActiveProvider: (country: string, type: AddressType) => AddressProvider | null;
  /** Filled by the plugin's stub before the registry exists. */
  queued?: unknown[];
}

const listeners = new Set<() => void>();
let installed: AddressAutocompleteApi | undefined;

/** Calls `listener` after each registration; returns the unsubscribe. */
export function onProvidersChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registered providers in the server's order (its preferred provider first). */
export function orderedProviders(api: AddressAutocompleteApi): AddressProvider[] {
  return api.serverProviders.flatMap((s) => (api.providers[s.id] ? [api.providers[s.id] as AddressProvider] : []));
}

function wcNamespace(): Record<string, unknown> {
  const wc = pageGlobal('wc');
  if (wc && typeof wc === 'object') return wc as Record<string, unknown>;
  const created: Record<string, unknown> = {};
  setPageGlobal('wc', created);
  return created;
}

/**
 * Installs the registry on `window.wc.addressAutocomplete` (once per page; the same object afterwards),
 * keeping the object a stub or an earlier script created, and registers what the stub queued.
 */
export function installRegistry(): AddressAutocompleteApi {
  if (installed && wcNamespace().addressAutocomplete === installed) return installed;
  const wc = wcNamespace();
  const existing = wc.addressAutocomplete && typeof wc.addressAutocomplete === 'object' ? (wc.addressAutocomplete as Partial<AddressAutocompleteApi>) : {};
  const queued = Array.isArray(existing.queued) ? existing.queued : [];
  const parsed = parseServerProviders(addressAutocompleteParams().addressProviders);
  if (parsed.error) console.error(`[vitrine] address autocomplete: ${parsed.error}; no providers.`, addressAutocompleteParams().addressProviders);
  const api = existing as AddressAutocompleteApi;
  api.providers = {};
  api.activeProvider = { billing: null, shipping: null };
  api.serverProviders = parsed.providers;
  api.isBlocksContext = false;
  api.registerAddressAutocompleteProvider = (provider: unknown) => {
    const refusal = registrationRefusal(provider, api.serverProviders.map((s) => s.id), Object.keys(api.providers));
    if (refusal) {
      console.error(`[vitrine] address autocomplete: registration refused: ${refusal}.`);
      return false;
    }
    const p = provider as AddressProvider;
    api.providers[p.id] = Object.freeze(p);
    for (const listener of listeners) listener();
    return true;
  };
  api.getServerProvider = (id) => api.serverProviders.find((s) => s.id === id);
  api.getProviders = () => api.providers;
  api.getActiveProvider = (type) => api.activeProvider[type] ?? null;
  api.setActiveProvider = (country, type) => {
    api.activeProvider[type] = activeProviderFor(orderedProviders(api), country) ?? null;
    return api.activeProvider[type];
  };
  delete api.queued;
  wc.addressAutocomplete = api;
  installed = api;
  for (const provider of queued) api.registerAddressAutocompleteProvider(provider);
  return api;
}

/** Tests start each page from no registry. */
export function resetRegistry(): void {
  installed = undefined;
  listeners.clear();
}
