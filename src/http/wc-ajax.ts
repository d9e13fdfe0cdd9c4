/**
 * WooCommerce's own ajax endpoint (`/?wc-ajax=NAME`). Every call is a form POST; the answer is JSON
 * sent as text/html, and an empty answer is handed back as null so each caller applies the spec's
 * rule for it (ignored for add-to-cart, "no match" for get_variation).
 */
import { ajaxUrls } from '../settings';
import type { FormInput } from './form';
import { type PostFormOptions, postForm, postFormText } from './post-form';

/** The endpoint address from the page's wc_ajax_url template. */
export function wcAjaxUrl(endpoint: string): string {
  return ajaxUrls().wcAjaxUrl.replace('%%endpoint%%', encodeURIComponent(endpoint));
}

/**
 * POSTs `fields` to a wc-ajax endpoint and resolves the parsed answer (null when empty).
 * Rejects with an HttpError: fetch_error, invalid_json, http_error (with status), timeout, aborted.
 */
export async function wcAjax<T = unknown>(
  endpoint: string,
  fields: FormInput = {},
  options: PostFormOptions = {},
): Promise<T | null> {
  const answer = await postForm<T>(wcAjaxUrl(endpoint), fields, options);
  return answer.body;
}

/** POSTs to a wc-ajax endpoint that answers markup (apply_coupon, remove_coupon, update_shipping_method) and resolves its text. */
export function wcAjaxHtml(endpoint: string, fields: FormInput = {}, options: PostFormOptions = {}): Promise<string> {
  return postFormText(wcAjaxUrl(endpoint), fields, options);
}
