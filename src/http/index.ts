/** The HTTP layer widgets use; nothing outside src/http calls fetch. */
export { adminAjax, type AdminAjaxOptions } from './admin-ajax';
export { HttpError, type HttpErrorCode, isAborted, MESSAGES, messageFor, toHttpError } from './errors';
export { type FormInput, type FormObject, type FormValue, formEncode } from './form';
export { type FormAnswer, getPage, type PageAnswer, type PostFormOptions, postFormText, postPageForm, type RequestOptions, sendRequest } from './post-form';
export { cartQueue, createQueue, type Queue } from './queue';
export { configureRest, type RestConfig, type RestFetchOptions, restFetch, restNonce, restRoot } from './rest';
export {
  configureStoreApi,
  onCartResync,
  type StoreApiConfig,
  type StoreApiRequest,
  type StoreCart,
  storeApi,
  storeApiFetch,
  storeApiSession,
  type VariationInput,
} from './store-api';
export { wcAjax, wcAjaxHtml, wcAjaxUrl } from './wc-ajax';
