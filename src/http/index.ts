/**
 * The HTTP layer widgets use; nothing outside src/http calls fetch. The REST and Store API clients are
 * imported from their own modules (`src/http/rest`, `src/http/store-api`), not from here: only the few
 * widgets that call them should download them (rest carries @wordpress/api-fetch, 7 KB gzip).
 */
export { adminAjax, type AdminAjaxOptions } from './admin-ajax';
export { HttpError, type HttpErrorCode, isAborted, MESSAGES, messageFor, toHttpError } from './errors';
export { type FormInput, type FormObject, type FormValue, formEncode } from './form';
export { type FormAnswer, getPage, type PageAnswer, type PostFormOptions, postFormText, postPageForm, type RequestOptions, sendRequest } from './post-form';
export { cartQueue, createQueue, type Queue } from './queue';
export { wcAjax, wcAjaxHtml, wcAjaxUrl } from './wc-ajax';
