/** The cart spine widgets share: fragments, the cart live region and navigation. */
export { announce, liveRegion } from './announce';
export { applyFragments, BUSY_OPACITY, gateFragments, liveMarkup, setBusy } from './apply';
export { asCartAnswer, CART_REQUEST_TIMEOUT_MS, type CartAnswer } from './logic';
export { navigation, onReturnFromPageCache } from '../navigation';
export { refreshFragments, rememberCart, startCartFragments, syncHiddenCartWidgets, watchCartChanges } from './store';
export { showViewCartLink, type ViewCartLink } from './view-cart-link';
