/**
 * WordPress admin-ajax (`/wp-admin/admin-ajax.php`, action in the body), used by plugins such as
 * WooPayments' express checkout, and the generic helper of spec §7 (HTTP-06) modelled on wp.ajax.send.
 */
import { ajaxUrls } from '../settings';
import { HttpError, MESSAGES } from './errors';
import type { FormInput, FormObject } from './form';
import { formEncode } from './form';
import { type PostFormOptions, postForm } from './post-form';

export interface AdminAjaxOptions extends PostFormOptions {
  /** Overrides the page's ajax_url (some plugins localize their own). */
  url?: string | undefined;
}

function withAction(action: string, fields: FormInput): URLSearchParams {
  const body = formEncode(fields);
  body.set('action', action);
  return body;
}

/** POSTs `action` plus fields to admin-ajax and resolves the parsed JSON (null when empty). */
export async function adminAjax<T = unknown>(
  action: string,
  fields: FormInput = {},
  options: AdminAjaxOptions = {},
): Promise<T | null> {
  const answer = await postForm<T>(options.url ?? ajaxUrls().ajaxUrl, withAction(action, fields), options);
  return answer.body;
}

export interface AjaxSendResult<T> {
  data: T;
  /** The X-WP-Total header WordPress sends with attachment queries; undefined when absent. */
  totalAttachments: number | undefined;
}

/** wp_send_json_error(WP_Error) sends data as [{code, message}]; plain handlers send a string. */
function failure(data: unknown): HttpError {
  const first = Array.isArray(data) ? data[0] : data;
  let code = 'ajax_error';
  let message: string = MESSAGES.unknown_error;
  if (typeof first === 'string' && first.trim() !== '') message = first;
  if (typeof first === 'object' && first !== null) {
    const entry = first as { code?: unknown; message?: unknown };
    if (typeof entry.code === 'string' && entry.code !== '') code = entry.code;
    if (typeof entry.message === 'string' && entry.message !== '') message = entry.message;
  }
  return new HttpError(code, { message, data });
}

/**
 * HTTP-06: `{success: true, data}` resolves data, `{success: false, data}` rejects with an HttpError
 * carrying data. A bare `1` counts as success for old handlers (as wp.ajax.send does); anything else
 * rejects with code unknown_error and the answer as data.
 */
export async function ajaxSendWithMeta<T = unknown>(
  action: string,
  fields: FormObject | URLSearchParams = {},
  options: AdminAjaxOptions = {},
): Promise<AjaxSendResult<T>> {
  const answer = await postForm<unknown>(options.url ?? ajaxUrls().ajaxUrl, withAction(action, fields), options);
  const total = answer.headers.get('X-WP-Total');
  const totalAttachments = total !== null && /^\d+$/.test(total.trim()) ? Number.parseInt(total, 10) : undefined;
  let body = answer.body;
  if (body === 1 || body === '1') body = { success: true };
  if (typeof body !== 'object' || body === null || !('success' in body)) {
    throw new HttpError('unknown_error', { data: body });
  }
  const { success, data } = body as { success: unknown; data?: unknown };
  if (success !== true) throw failure(data);
  return { data: data as T, totalAttachments };
}

/** HTTP-06 without the header: resolves `data` of a successful answer. */
export async function ajaxSend<T = unknown>(
  action: string,
  fields: FormObject | URLSearchParams = {},
  options: AdminAjaxOptions = {},
): Promise<T> {
  return (await ajaxSendWithMeta<T>(action, fields, options)).data;
}
