import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { advanceClock, type Demo, faults, requests, resetDemo, setSettings, startDemo } from './harness.ts';

// The reference backend over real HTTP: the wire contract the bundle relies on.

let demo: Demo;
before(async () => {
  demo = await startDemo();
});
after(() => demo.close());
beforeEach(() => resetDemo(demo.url));

/** A cookie jar as small as the tests need: name=value pairs, expired ones dropped. */
function client() {
  const jar = new Map<string, string>();
  async function send(path: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('Cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded; charset=UTF-8');
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(new URL(path, demo.url), { ...init, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/max-age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }
  const wcAjax = (endpoint: string, form: Record<string, string> = {}, init: RequestInit = {}) =>
    send(`/?wc-ajax=${endpoint}`, { method: 'POST', form, ...init });
  return { jar, send, wcAjax };
}

describe('wc-ajax cart endpoints', () => {
  test('add_to_cart answers fragments as text/html and sets the cart cookies', async () => {
    const c = client();
    const res = await c.wcAjax('add_to_cart', { product_id: '10', quantity: '2' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=UTF-8');
    const data = (await res.json()) as { fragments: Record<string, string>; cart_hash: string };
    assert.match(data.fragments['div.widget_shopping_cart_content'] ?? '', /^<div class="widget_shopping_cart_content">/);
    assert.match(data.fragments['div.widget_shopping_cart_content'] ?? '', /class="remove remove_from_cart_button"[^>]*data-cart_item_key="d3d9446802a44259755d38e6d163e820"/);
    assert.match(data.fragments['span.vitrine-demo-cart-count'] ?? '', />2 items</);
    assert.equal(c.jar.get('woocommerce_items_in_cart'), '1');
    assert.equal(c.jar.get('woocommerce_cart_hash'), data.cart_hash);
    assert.match(data.cart_hash, /^[0-9a-f]{32}$/);
  });

  test('a variable parent without a variation, or an out-of-stock product, answers {error, product_url}', async () => {
    const c = client();
    assert.deepEqual(await (await c.wcAjax('add_to_cart', { product_id: '12' })).json(), { error: true, product_url: '/product/variable-tee/' });
    assert.deepEqual(await (await c.wcAjax('add_to_cart', { product_id: '43' })).json(), { error: true, product_url: '/product/travel-mug/' });
    const ok = (await (await c.wcAjax('add_to_cart', { product_id: '12', variation_id: '15', attribute_pa_color: 'blue', attribute_pa_size: 'small' })).json()) as { cart_hash: string };
    assert.match(ok.cart_hash, /^[0-9a-f]{32}$/);
  });

  test('remove_from_cart empties the cart and expires the cookies; an unknown key is {success:false}', async () => {
    const c = client();
    await c.wcAjax('add_to_cart', { product_id: '10' });
    const removed = (await (await c.wcAjax('remove_from_cart', { cart_item_key: 'd3d9446802a44259755d38e6d163e820' })).json()) as { fragments: Record<string, string>; cart_hash: string };
    assert.match(removed.fragments['div.widget_shopping_cart_content'] ?? '', /woocommerce-mini-cart__empty-message/);
    assert.equal(removed.cart_hash, '');
    assert.equal(c.jar.has('woocommerce_items_in_cart'), false);
    assert.equal(c.jar.has('woocommerce_cart_hash'), false);
    assert.deepEqual(await (await c.wcAjax('remove_from_cart', { cart_item_key: 'nope' })).json(), { success: false });
  });

  test('get_variation answers the variation object, or false', async () => {
    const c = client();
    const found = (await (await c.wcAjax('get_variation', { product_id: '210', attribute_pa_color: 'red', 'attribute_shoe-size': '42', attribute_width: 'Regular' })).json()) as Record<string, unknown>;
    assert.equal(found.display_price, 65);
    assert.equal(found.display_regular_price, 85);
    assert.equal(found.is_in_stock, true);
    const out = (await (await c.wcAjax('get_variation', { product_id: '12', attribute_pa_color: 'blue', attribute_pa_size: 'medium' })).json()) as Record<string, unknown>;
    assert.equal(out.variation_id, 16);
    assert.equal(out.is_in_stock, false);
    assert.equal(await (await c.wcAjax('get_variation', { product_id: '12', attribute_pa_color: 'green', attribute_pa_size: 'small' })).json(), false);
  });

  test('cart_redirect_after_add is printed in wc_add_to_cart_params', async () => {
    await setSettings(demo.url, { cart_redirect_after_add: true });
    const html = await (await client().send('/shop/')).text();
    assert.match(html, /var wc_add_to_cart_params = \{[^}]*"cart_redirect_after_add":"yes"/);
  });
});

describe('fault injection', () => {
  test('query flag 500, header invalid-json, queued drop then normal', async () => {
    const c = client();
    assert.equal((await c.send('/?wc-ajax=get_refreshed_fragments&vitrine-fault=500', { method: 'POST' })).status, 500);
    const bad = await c.wcAjax('get_refreshed_fragments', {}, { headers: { 'X-Vitrine-Fault': 'invalid-json' } });
    assert.equal(bad.status, 200);
    await assert.rejects(bad.json());
    await faults(demo.url).add({ match: 'add_to_cart', fault: 'drop', times: 1 });
    await assert.rejects(c.wcAjax('add_to_cart', { product_id: '10' }));
    assert.equal((await c.wcAjax('add_to_cart', { product_id: '10' })).status, 200);
    assert.deepEqual(await faults(demo.url).list(), []);
  });

  test('latency delays the answer and the request log records timing and the form body', async () => {
    const c = client();
    await faults(demo.url).add({ match: 'add_to_cart', fault: 'latency:300' });
    const t0 = Date.now();
    await c.wcAjax('add_to_cart', { product_id: '11', quantity: '1' });
    assert.ok(Date.now() - t0 >= 290);
    const [entry] = await requests(demo.url, { endpoint: 'add_to_cart' });
    assert.deepEqual(entry?.body, { product_id: '11', quantity: '1' });
    assert.equal(entry?.fault, 'latency:300');
    assert.ok((entry?.end ?? 0) - (entry?.start ?? 0) >= 290);
  });
});

describe('nonces', () => {
  async function dismissBanner(c: ReturnType<typeof client>, nonce: string, fault = '') {
    return c.send(`/wp-json/wp/v2/users/1${fault ? `?vitrine-fault=${fault}` : ''}`, {
      method: 'POST',
      headers: { 'X-WP-Nonce': nonce },
      form: { 'woocommerce_meta[coming_soon_banner_dismissed]': 'yes' },
    });
  }

  test('the REST nonce endpoint answers a nonce the users route accepts', async () => {
    const c = client();
    const nonce = await (await c.send('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
    assert.match(nonce, /^[0-9a-f]{10}$/);
    const res = await dismissBanner(c, nonce);
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { woocommerce_meta: Record<string, string> }).woocommerce_meta.coming_soon_banner_dismissed, 'yes');
    assert.doesNotMatch(await (await c.send('/notices/')).text(), /id="coming-soon-footer-banner"/);
  });

  test('nonces expire with time, and the expired-nonce fault fails the next check', async () => {
    const c = client();
    const nonce = await (await c.send('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
    assert.equal((await dismissBanner(c, nonce, 'expired-nonce')).status, 403);
    assert.equal((await dismissBanner(c, nonce)).status, 200);
    await advanceClock(demo.url, 25 * 60 * 60 * 1000);
    const expired = await dismissBanner(c, nonce);
    assert.equal(expired.status, 403);
    assert.equal(((await expired.json()) as { code: string }).code, 'rest_cookie_invalid_nonce');
  });
});

describe('pages', () => {
  test('the shop prints the settings globals, the loop buttons and the bundle', async () => {
    const html = await (await client().send('/shop/')).text();
    assert.match(html, /<html lang="en">/);
    assert.match(html, /<script type="module" src="\/wp-content\/plugins\/vitrine\/dist\/vitrine.js"><\/script>/);
    assert.match(html, /<script id="wc-add-to-cart-js-extra">\nvar wc_add_to_cart_params = /);
    assert.equal(html.match(/<li class="entry product /g)?.length, 24);
    assert.match(html, /class="button product_type_simple add_to_cart_button ajax_add_to_cart" data-product_id="10"/);
    const more = await (await client().send('/shop/?page=2&fragment=products')).text();
    assert.equal(more.match(/<li class="entry product /g)?.length, 24);
  });

  test('no-JS fallbacks: ?add-to-cart redirects and the notice shows once', async () => {
    const c = client();
    const res = await c.send('/shop/?add-to-cart=10');
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/shop/');
    assert.match(await (await c.send('/shop/')).text(), /class="woocommerce-message" role="alert">&ldquo;Simple Mug&rdquo; has been added/);
    assert.doesNotMatch(await (await c.send('/shop/')).text(), /woocommerce-message/);
  });

  test('captures are served with the bundle injected; the broken gallery image is a 404', async () => {
    const c = client();
    const capture = await (await c.send('/captures/product-variable.html')).text();
    assert.match(capture, /vitrine\.js"><\/script>\n<\/body>/);
    assert.equal((await c.send('/wp-content/uploads/demo/simple-mug-1.svg')).status, 200);
    assert.equal((await c.send('/wp-content/uploads/demo/simple-mug-missing.svg')).status, 404);
  });
});
