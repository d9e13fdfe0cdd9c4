/**
 * WordPress admin-ajax (`/wp-admin/admin-ajax.php`, action in the body), used by plugins such as
 * Variation Swatches' shop-card add. (The generic wp.ajax.send-style helper of spec §7, HTTP-06, had no
 * caller and was removed; see docs/decisions.md.)
 */
import { ajaxUrls } from '../settings';
import type { FormInput } from './form';
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
