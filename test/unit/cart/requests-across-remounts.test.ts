import { describe, expect, it } from 'vitest';
import { emit } from '../../../src/bus';
import { requestsAcrossRemounts } from '../../../widgets/cart-page/requests';

// The cart page's bus requests while its widget mounts again on the new form (widgets/cart-page/requests.ts).
describe('cart page requests across remounts', () => {
  it('two requests made while no instance listens are one update, served when the next instance starts', () => {
    const listen = requestsAcrossRemounts('cart:update-requested', 'form.cart-under-test');
    const stop = listen(() => {});
    stop();
    document.body.innerHTML = '<form class="cart-under-test"></form>';
    emit('cart:update-requested', { preserveNotices: false });
    emit('cart:update-requested', { preserveNotices: true });
    const served: boolean[] = [];
    const stopNext = listen(({ preserveNotices }) => served.push(preserveNotices));
    expect(served).toEqual([true]);
    emit('cart:update-requested', { preserveNotices: false });
    expect(served).toEqual([true, false]);
    stopNext();
  });

  it('a request made where no cart form is left (the cart was emptied) is dropped, not served to a later cart', () => {
    const listen = requestsAcrossRemounts('cart:update-requested', 'form.other-cart-under-test');
    listen(() => {})();
    document.body.innerHTML = '<p class="cart-empty">Your cart is currently empty.</p>';
    emit('cart:update-requested', { preserveNotices: false });
    document.body.innerHTML = '<form class="other-cart-under-test"></form>';
    const served: boolean[] = [];
    listen(({ preserveNotices }) => served.push(preserveNotices))();
    expect(served).toEqual([]);
  });

  it('a request the jQuery bridge kept on the form before this code arrived is served once, at the first start only', () => {
    const listen = requestsAcrossRemounts('cart:update-requested', 'form.kept-cart-under-test');
    document.body.innerHTML = '<form class="kept-cart-under-test"></form>';
    Object.assign(document.querySelector('form')!, { 'vitrine:cart:update-requested': { preserveNotices: true } });
    const served: boolean[] = [];
    const stop = listen(({ preserveNotices }) => served.push(preserveNotices));
    expect(served).toEqual([true]);
    // The widget mounts again on the same form (a remount, React's double effect): nothing is served twice.
    stop();
    listen(({ preserveNotices }) => served.push(preserveNotices))();
    expect(served).toEqual([true]);
  });

  it('without a cart form at the first start, nothing kept is served', () => {
    const listen = requestsAcrossRemounts('cart:update-requested', 'form.absent-cart-under-test');
    document.body.innerHTML = '<p class="cart-empty">Your cart is currently empty.</p>';
    const served: boolean[] = [];
    listen(({ preserveNotices }) => served.push(preserveNotices))();
    expect(served).toEqual([]);
  });
});
