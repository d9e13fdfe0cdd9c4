/** The notices a page shows, the way WooCommerce prints them (classic and block-style notices). */
const ERROR_NOTICES = '.woocommerce-error, .wc-block-components-notice-banner.is-error';
const NOTICES = '.woocommerce-message, .woocommerce-info, .woocommerce-error, .wc-block-components-notice-banner';

export type FormAddOutcome =
  | { kind: 'left'; url: string }
  | { kind: 'refused'; notices: Element[]; message: string }
  | { kind: 'added'; notices: Element[] }
  | { kind: 'unreadable' };

function samePage(a: string, b: string): boolean {
  const left = new URL(a, window.location.href);
  const right = new URL(b, window.location.href);
  return left.origin === right.origin && left.pathname === right.pathname;
}

/** The answered page's notices: its notices wrapper's, else any notice in its main content. */
export function noticesOf(page: Document): Element[] {
  const wrapper = page.querySelector('.woocommerce-notices-wrapper');
  const scope = wrapper?.querySelector(NOTICES) ? wrapper : page.querySelector('main, #main, #content, body');
  return scope ? Array.from(scope.querySelectorAll(NOTICES)).filter((notice) => !notice.parentElement?.closest(NOTICES)) : [];
}

/**
 * What the server's answer to a product-form post means (WC_Form_Handler::add_to_cart_action):
 * a redirect elsewhere (the cart, when the site redirects after adding) is followed; an error notice
 * means the product was not added; otherwise it was, and its success notice (if any) is shown.
 * A site set to redirect after adding sends the shopper to the cart even when its server did not.
 * An answer that is no shop page at all (an empty body, a PHP warning and half a JSON) says nothing was
 * added: WooCommerce's pages always print their notices wrapper, so one without it or any notice is unreadable.
 */
export function interpretFormAnswer(answer: { document: Document; url: string; redirected: boolean }, formUrl: string, settings: { cartRedirectAfterAdd: boolean; cartUrl: string }): FormAddOutcome {
  if (answer.redirected && !samePage(answer.url, formUrl)) return { kind: 'left', url: answer.url };
  const notices = noticesOf(answer.document);
  if (notices.length === 0 && !answer.document.querySelector('.woocommerce-notices-wrapper')) return { kind: 'unreadable' };
  const errors = notices.filter((notice) => notice.matches(ERROR_NOTICES));
  if (errors.length > 0) return { kind: 'refused', notices, message: errors.map((e) => e.textContent?.replace(/\s+/g, ' ').trim() ?? '').join(' ') };
  if (settings.cartRedirectAfterAdd) return { kind: 'left', url: settings.cartUrl };
  return { kind: 'added', notices };
}

/** The fields the form posts, as text (files are named, not read), for the adding_to_cart event. */
export function fieldsOf(data: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of data) fields[name] = typeof value === 'string' ? value : value.name;
  return fields;
}
