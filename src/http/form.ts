/**
 * Form encoding the way PHP reads it back into $_POST, and the way jQuery.param sent it for
 * WooCommerce's own scripts: nested keys in brackets (`variation[attribute_pa_color]=red`),
 * arrays of scalars as `a[]=1&a[]=2`, arrays holding objects with indices (`a[0][key]=x`).
 */

export type FormValue = string | number | boolean | null | undefined | readonly FormValue[] | FormObject;
export interface FormObject {
  readonly [key: string]: FormValue;
}

export type FormInput = FormObject | URLSearchParams | FormData;

function isIndexed(items: readonly FormValue[]): boolean {
  // jQuery.param switches to indices as soon as one item is not a scalar; PHP needs them to keep
  // each object's keys together.
  return items.some((item) => typeof item === 'object' && item !== null);
}

function append(params: URLSearchParams, key: string, value: FormValue): void {
  // null/undefined are skipped rather than sent as empty strings: an absent optional field must not
  // overwrite a server default with ''.
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    const indexed = isIndexed(value);
    value.forEach((item: FormValue, index: number) => {
      append(params, indexed ? `${key}[${index}]` : `${key}[]`, item);
    });
    return;
  }
  if (typeof value === 'object') {
    for (const [name, item] of Object.entries(value as FormObject)) append(params, `${key}[${name}]`, item);
    return;
  }
  params.append(key, String(value));
}

/** Encodes fields as an application/x-www-form-urlencoded body. */
export function formEncode(input: FormInput): URLSearchParams {
  if (input instanceof URLSearchParams) return new URLSearchParams(input);
  const params = new URLSearchParams();
  if (input instanceof FormData) {
    // A url-encoded body cannot carry files; WooCommerce's add-to-cart forms never hold any.
    for (const [key, value] of input.entries()) if (typeof value === 'string') params.append(key, value);
    return params;
  }
  for (const [key, value] of Object.entries(input)) append(params, key, value);
  return params;
}
