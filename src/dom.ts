/**
 * Makes a server element act as a button: click, Enter and Space all call `press`.
 * WooCommerce prints several controls as links with role=button (loop add-to-cart, mini-cart remove,
 * store-notice dismiss) and some with no href at all (coming-soon dismiss). The browser already
 * turns Enter on a link with an href, and Enter or Space on a <button>, into a click; the other keys
 * are pressed here, with the page scroll Space would cause prevented. Returns the cleanup.
 */
export function onPress(element: HTMLElement, press: (event: MouseEvent) => void): () => void {
  const isButton = element instanceof HTMLButtonElement;
  const enterClicks = isButton || (element instanceof HTMLAnchorElement && element.hasAttribute('href'));
  const onKeyDown = (event: KeyboardEvent) => {
    const unhandled = (event.key === ' ' && !isButton) || (event.key === 'Enter' && !enterClicks);
    if (!unhandled) return;
    event.preventDefault();
    element.click();
  };
  element.addEventListener('click', press);
  element.addEventListener('keydown', onKeyDown);
  return () => {
    element.removeEventListener('click', press);
    element.removeEventListener('keydown', onKeyDown);
  };
}

/**
 * Shows an element as jQuery's show() does, which themes rely on: the inline display goes, and when a stylesheet
 * still hides the element (a theme that hides the store notice in CSS and leaves it to woocommerce.js to show),
 * the element gets its tag's default display inline.
 */
export function showElement(element: HTMLElement): void {
  element.style.display = '';
  if (getComputedStyle(element).display !== 'none') return;
  const probe = document.createElement(element.tagName);
  document.body.append(probe);
  const display = getComputedStyle(probe).display;
  probe.remove();
  element.style.display = display === 'none' ? 'block' : display;
}

/**
 * Moves focus to the page's main content (made focusable when needed), for a control that vanished
 * while focused (a dismissed notice), so keyboard users are not left on nothing.
 */
export function focusMain(): void {
  const main = document.querySelector<HTMLElement>('main, #main, #content, [role="main"]');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
  main.focus({ preventScroll: true });
}

/**
 * Listens to several events on one target (a form's delegated handlers); returns the function that
 * stops them all. A type may appear twice (two keydown handlers).
 */
export function listen(target: EventTarget, listeners: [type: string, handler: (event: never) => void][]): () => void {
  for (const [type, handler] of listeners) target.addEventListener(type, handler as EventListener);
  return () => {
    for (const [type, handler] of listeners) target.removeEventListener(type, handler as EventListener);
  };
}

/** A keydown handler that makes Space press the links matching `selector`, as it presses a <button>. */
export function spacePressesLinks(selector: string): (event: KeyboardEvent) => void {
  return (event) => {
    const target = event.target as Element;
    if (event.key === ' ' && target instanceof HTMLAnchorElement && target.matches(selector)) {
      event.preventDefault();
      target.click();
    }
  };
}
