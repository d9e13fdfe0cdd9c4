/*
 * Printed by the Vitrine plugin in place of WooCommerce's address-autocomplete scripts: provider scripts run
 * before Vitrine's module, so their registrations wait here until Vitrine's registry
 * (src/address-autocomplete/registry.ts) takes them over, with WooCommerce's checks.
 */
(() => {
  window.wc = window.wc || {};
  const api = window.wc.addressAutocomplete || { providers: {}, activeProvider: { billing: null, shipping: null }, serverProviders: [] };
  window.wc.addressAutocomplete = api;
  if (typeof api.registerAddressAutocompleteProvider === 'function') return;
  api.queued = api.queued || [];
  api.registerAddressAutocompleteProvider = (provider) => {
    api.queued.push(provider);
    return true;
  };
  api.getProviders = () => api.providers;
  api.getActiveProvider = (type) => api.activeProvider[type] || null;
})();
