/**
 * Reads the instant search's props: which `swsL10n.widgets[id]` entry the element belongs to, that
 * entry's settings, and the shape of the server's search form (so the replacement keeps its classes,
 * label, hidden fields and button, and the no-JavaScript form post keeps working).
 */
import { PropsError, SkipMount } from '../../mount/errors';
import { normaliseSettings, type SearchSettings } from './settings';
import { isRecord } from '../../src/guards';
import { t } from './strings';

export interface HiddenField {
  name: string;
  value: string;
}

/** The server form, as the replacement must render it again. */
export interface FormShape {
  className: string;
  action: string;
  dataId: string;
  /** The plugin's form wraps its input in div.ysm-smart-search-input-holder; WooCommerce's doesn't. */
  hasInputHolder: boolean;
  inputName: string;
  inputClassName: string;
  inputValue: string;
  placeholder: string;
  labelText: string;
  hiddenFields: HiddenField[];
  buttonClassName: string;
  buttonLabel: string;
  buttonText: string;
}

export interface InstantSearchProps {
  widgetId: string;
  /** swsL10n.restUrl, ending in '?' or '&' ('lang=xx&' with Polylang/WPML). */
  restUrl: string;
  searchPageUrl: string;
  nonce: string;
  settings: SearchSettings;
  form: FormShape;
}

const MOUNT_POINT = '[data-vitrine-widget="instant-search"]';

type Raw = Record<string, unknown>;


function readGlobal(): Raw | undefined {
  const value = (window as unknown as { swsL10n?: unknown }).swsL10n;
  return isRecord(value) ? value : undefined;
}

function matchesSelector(element: Element, selector: string): boolean {
  try {
    return element.matches(selector) || element.closest(selector) !== null || element.querySelector(selector) !== null;
  } catch {
    return false; // an admin's custom selector that is not valid CSS matches nothing
  }
}

/** The widget id: the mount point's own (data-id, the form's data-id, search_id), else the first entry whose selector matches. */
function widgetIdFor(element: Element, widgets: Raw): string | undefined {
  const form = element instanceof HTMLFormElement ? element : element.querySelector('form');
  const explicit =
    element.getAttribute('data-search-id') ||
    element.getAttribute('data-id') ||
    form?.getAttribute('data-id') ||
    form?.querySelector<HTMLInputElement>('input[name="search_id"]')?.value;
  if (explicit && explicit in widgets) return explicit;
  for (const [id, entry] of Object.entries(widgets)) {
    if (isRecord(entry) && typeof entry.selector === 'string' && matchesSelector(element, entry.selector)) return id;
  }
  return element.matches(MOUNT_POINT) && 'default' in widgets ? 'default' : undefined;
}

function labelTextFor(form: Element | null, input: HTMLInputElement | null): string {
  const byFor = input?.id && form ? form.ownerDocument.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
  const label = byFor ?? input?.closest('label');
  const fromLabel = label?.textContent?.replace(/\s+/g, ' ').trim();
  return fromLabel || input?.getAttribute('aria-label') || input?.placeholder || t('searchButton');
}

function readForm(element: Element, searchPageUrl: string, settings: SearchSettings, widgetId: string): FormShape {
  const form = element instanceof HTMLFormElement ? element : element.querySelector('form');
  const input = form?.querySelector<HTMLInputElement>('input[type="search"]') ?? form?.querySelector<HTMLInputElement>('input[type="text"]') ?? null;
  if (form && !input) throw new PropsError('input', 'the search form has no input[type=search] or input[type=text]');
  const button = form?.querySelector<HTMLElement>('button[type="submit"], button:not([type]), input[type="submit"]') ?? null;
  const hiddenFields = form
    ? Array.from(form.querySelectorAll<HTMLInputElement>('input[type="hidden"][name]')).map((field) => ({ name: field.name, value: field.value }))
    : [{ name: 'search_id', value: widgetId }];
  const buttonText = button instanceof HTMLInputElement ? button.value : (button?.textContent?.trim() ?? '');
  return {
    className: form?.getAttribute('class') ?? 'search-form',
    action: form?.getAttribute('action') || searchPageUrl,
    dataId: form?.getAttribute('data-id') ?? widgetId,
    hasInputHolder: form ? form.querySelector('.ysm-smart-search-input-holder') !== null : true,
    inputName: input?.name || 's',
    inputClassName: input?.getAttribute('class') ?? 'search-field',
    inputValue: input?.value ?? '',
    placeholder: input?.getAttribute('placeholder') || settings.placeholder,
    labelText: labelTextFor(form, input),
    hiddenFields,
    buttonClassName: button?.getAttribute('class') ?? 'search-submit',
    buttonLabel: button?.getAttribute('aria-label') || buttonText || t('searchButton'),
    buttonText,
  };
}

export function readInstantSearchProps(element: Element): InstantSearchProps {
  // A theme mount point wrapping a plugin form is one widget, mounted on the mount point.
  if (!element.matches(MOUNT_POINT) && element.closest(MOUNT_POINT)) throw new SkipMount('inside an instant-search mount point');
  // A configured selector as wide as `body` also names the full-screen dialog's own form.
  if (element.closest('.smart-search-fullscreen')) throw new SkipMount('inside an instant-search dialog');
  const global = readGlobal();
  if (!global) {
    if (element.matches(MOUNT_POINT)) throw new PropsError('swsL10n', 'window.swsL10n is missing or not an object');
    throw new SkipMount('no swsL10n on this page: the search form is not enhanced by Smart Search');
  }
  if (!isRecord(global.widgets)) throw new PropsError('swsL10n.widgets', 'swsL10n.widgets is missing or not an object');
  if (typeof global.restUrl !== 'string' || global.restUrl === '') throw new PropsError('swsL10n.restUrl', 'swsL10n.restUrl is not a URL');
  const widgetId = widgetIdFor(element, global.widgets);
  if (widgetId === undefined) throw new SkipMount('no swsL10n.widgets entry selects this form');
  const entry = global.widgets[widgetId];
  if (!isRecord(entry)) throw new PropsError(`swsL10n.widgets.${widgetId}`, 'the widget settings are not an object');
  const settings = normaliseSettings(entry, `swsL10n.widgets.${widgetId}`);
  if (settings.disableAjax) throw new SkipMount('instant search is disabled for this widget (disableAjax)');
  const searchPageUrl = typeof global.searchPageUrl === 'string' && global.searchPageUrl !== '' ? global.searchPageUrl : '/';
  return {
    widgetId,
    restUrl: global.restUrl,
    searchPageUrl,
    nonce: typeof global.nonce === 'string' ? global.nonce : '',
    settings,
    form: readForm(element, searchPageUrl, settings, widgetId),
  };
}
