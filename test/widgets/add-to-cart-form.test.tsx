import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../../src/cart';
import { bootPage, realTurns, returnFromPageCache, waitForMount } from '../helpers/page';
import { deferred, json, mockFetch, type RecordedRequest, text } from '../unit/http/fetch-mock';
import { miniCart, miniCartLine, recordEvents, shopSettings } from './cart-helpers';

// The product page's own form, as single-product/add-to-cart/simple.php prints it.
const productPage = (formAttributes = 'action="/product/simple-mug/" method="post" enctype="multipart/form-data"') => `
<div class="widget_shopping_cart_content"></div>
<div class="woocommerce-notices-wrapper"></div>
<div id="product-10" class="product type-product">
  <form class="cart" ${formAttributes}>
    <div class="quantity"><label class="screen-reader-text" for="quantity_1">Simple Mug quantity</label><input type="number" id="quantity_1" class="input-text qty text" name="quantity" value="1" min="1" step="1"></div>
    <button type="submit" name="add-to-cart" value="10" class="single_add_to_cart_button button alt">Add to cart</button>
  </form>
</div>`;

/** The page the server answers a form post with: its notices, WC_Form_Handler style. */
const answeredPage = (notices: string) => `<!doctype html><html><body><main id="main"><div class="woocommerce-notices-wrapper">${notices}</div><div class="product">…</div></main></body></html>`;
const added = '<div class="woocommerce-message" role="alert"><a href="/cart/" class="button wc-forward">View cart</a> “Simple Mug” has been added to your cart.</div>';
const refused = '<ul class="woocommerce-error" role="alert"><li>You cannot add that amount of “Simple Mug” to the cart because there is not enough stock (2 remaining).</li></ul>';
const fragments = () => json({ fragments: { 'div.widget_shopping_cart_content': miniCart([miniCartLine('k1', 'Simple Mug', 2)]) }, cart_hash: 'h1' });

const button = () => document.querySelector<HTMLButtonElement>('.single_add_to_cart_button')!;
const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.includes('/product/'));
const refreshes = (requests: RecordedRequest[]) => requests.filter((r) => r.url.includes('get_refreshed_fragments'));
const postedFields = (request: RecordedRequest) => Object.fromEntries(request.init.body as FormData);

function server(answer: () => Response | Promise<Response>) {
  return mockFetch((request) => (request.url.includes('wc-ajax=get_refreshed_fragments') ? fragments() : answer()));
}

async function boot(markup = productPage()) {
  await bootPage(markup);
  await waitForMount('add-to-cart-form');
}

describe('add to cart from the product form', () => {
  beforeEach(() => {
    shopSettings();
  });

  it('ATC-01 ATC-08 adds without a page load: the whole form is posted, the notice shows, the mini cart updates', async () => {
    const requests = server(() => text(answeredPage(added)));
    const events = recordEvents(['cart:adding', 'cart:added']);
    await boot();
    await userEvent.clear(document.querySelector('input.qty')!);
    await userEvent.type(document.querySelector('input.qty')!, '2');
    await userEvent.click(button());
    await waitFor(() => expect(document.querySelector('.woocommerce-mini-cart-item')?.textContent).toContain('Simple Mug'));
    expect(posts(requests)).toHaveLength(1);
    expect(postedFields(posts(requests)[0]!)).toEqual({ quantity: '2', 'add-to-cart': '10' });
    expect(document.querySelector('.woocommerce-notices-wrapper .woocommerce-message')?.textContent).toContain('has been added to your cart');
    expect(button().classList).toContain('added');
    expect(button().classList).not.toContain('loading');
    expect(events.map((e) => e.name)).toEqual(['cart:adding', 'cart:added']);
    expect(events[0]!.detail).toMatchObject({ data: { quantity: '2', 'add-to-cart': '10' } });
  });

  it('ATC-11 a refusal (error notice) is shown and the mini cart is not asked for', async () => {
    const requests = server(() => text(answeredPage(refused)));
    const failed = recordEvents(['cart:failed']);
    await boot();
    await waitFor(() => expect(refreshes(requests).length).toBe(1)); // the page load's own refresh
    await userEvent.click(button());
    await waitFor(() => expect(document.querySelector('.woocommerce-notices-wrapper .woocommerce-error')?.textContent).toContain('not enough stock'));
    expect(button().classList).not.toContain('added');
    expect(button().classList).not.toContain('loading');
    expect(refreshes(requests).length).toBe(1);
    expect(failed[0]?.detail).toMatchObject({ message: expect.stringContaining('not enough stock') });
  });

  it('an answer that is no shop page (empty, or a PHP warning and half a JSON) is not taken for an add: the shopper is told', async () => {
    for (const body of ['', '<br />\n<b>Warning</b>:  Undefined array key "demo"<br />\n{"fragments":{"div.widget']) {
      document.body.replaceChildren();
      server(() => text(body));
      await boot();
      await userEvent.click(button());
      await waitFor(() => expect(document.querySelector('.vitrine-add-to-cart-error')?.textContent).toBe('An unknown error occurred.'));
      expect(button().classList).not.toContain('added');
      expect(button().classList).not.toContain('loading');
    }
  });

  it('ATC-11 a server error (500) leaves the button usable and says why next to it; nothing is lost', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let status = 500;
    const requests = server(() => text(status === 500 ? '<h1>Error</h1>' : answeredPage(added), { status }));
    await boot();
    await userEvent.click(button());
    const message = await waitFor(() => {
      const alert = document.querySelector('.vitrine-add-to-cart-error');
      if (!alert) throw new Error('no message yet');
      return alert;
    });
    expect(message.getAttribute('role')).toBe('alert');
    expect(button().classList).not.toContain('loading');
    expect(error).toHaveBeenCalled();
    status = 200;
    await userEvent.click(button());
    await waitFor(() => expect(document.querySelector('.vitrine-add-to-cart-error')).toBeNull());
    await waitFor(() => expect(button().classList).toContain('added'));
    expect(posts(requests)).toHaveLength(2);
  });

  it('ATC-07 with redirect after add on, the shopper goes to the cart', async () => {
    shopSettings({ cart_redirect_after_add: 'yes' });
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    server(() => text(answeredPage(added)));
    await boot();
    await userEvent.click(button());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/cart/'));
    expect(button().classList).toContain('loading');
    // Back from the page cache the page is as it was left: the button is usable again, and adds.
    returnFromPageCache();
    expect(button().classList).not.toContain('loading');
    expect(button().hasAttribute('aria-busy')).toBe(false);
    await userEvent.click(button());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
  });

  it('ATC-08 the events come in WooCommerce\'s order: button updated, fragments applied, then added', async () => {
    const requests = server(() => text(answeredPage(added)));
    await boot();
    await waitFor(() => expect(refreshes(requests)).toHaveLength(1)); // the page load's own refresh
    await realTurns();
    const events = recordEvents(['cart:button-updated', 'fragments:loaded', 'cart:added']);
    await userEvent.click(button());
    await waitFor(() => expect(events.map((e) => e.name)).toContain('cart:added'));
    expect(events.map((e) => e.name)).toEqual(['cart:button-updated', 'fragments:loaded', 'cart:added']);
  });

  it('a double click sends one add; the button is busy meanwhile', async () => {
    const answer = deferred<Response>();
    const requests = server(() => answer.promise);
    await boot();
    await userEvent.dblClick(button());
    expect(button().getAttribute('aria-busy')).toBe('true');
    answer.resolve(text(answeredPage(added)));
    await waitFor(() => expect(button().classList).toContain('added'));
    expect(posts(requests)).toHaveLength(1);
  });

  it('ATC-02 the button stays busy until the mini cart is refreshed; only then does a click add again', async () => {
    const refresh = deferred<Response>();
    let refreshing = false;
    const requests = mockFetch((request) => {
      if (!request.url.includes('wc-ajax=get_refreshed_fragments')) return text(answeredPage(added));
      // The page load's own refresh answers at once; the add's waits for the test.
      return refreshing ? refresh.promise : fragments();
    });
    await boot();
    await waitFor(() => expect(refreshes(requests)).toHaveLength(1));
    refreshing = true;
    await userEvent.click(button());
    await waitFor(() => expect(document.querySelector('.woocommerce-notices-wrapper .woocommerce-message')).not.toBeNull());
    await waitFor(() => expect(refreshes(requests)).toHaveLength(2));
    // The notice is up, the mini cart not yet: the button still says busy, and a click now is not a second add.
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().classList).not.toContain('added');
    await userEvent.click(button());
    expect(posts(requests)).toHaveLength(1);
    refreshing = false;
    refresh.resolve(fragments());
    await waitFor(() => expect(button().classList).toContain('added'));
    expect(button().hasAttribute('aria-busy')).toBe(false);
    await userEvent.click(button());
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
  });

  it('ATC-11 added, but the mini cart refresh fails: the button says added, no error is shown, the console says why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let refreshing = false;
    mockFetch((request) => {
      if (!request.url.includes('wc-ajax=get_refreshed_fragments')) return text(answeredPage(added));
      return refreshing ? text('<h1>Error</h1>', { status: 500 }) : fragments();
    });
    await boot();
    refreshing = true;
    await userEvent.click(button());
    await waitFor(() => expect(button().classList).toContain('added'));
    expect(button().classList).not.toContain('loading');
    expect(document.querySelector('.vitrine-add-to-cart-error')).toBeNull();
    expect(document.querySelector('.woocommerce-notices-wrapper .woocommerce-message')?.textContent).toContain('has been added to your cart');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('mini cart could not be refreshed'), expect.anything(), expect.anything());
  });

  it('an external product form (a GET to another site) is left as served', async () => {
    await bootPage(productPage('action="https://partner.example/mug" method="get"'));
    await waitForMount('add-to-cart-form', undefined, 'skipped');
  });
});
