import { PropsError, SkipMount } from '../../mount/errors';
import { hasSettings } from '../../src/settings';
import { addressI18nParams, countrySelectParams, type FieldLocale, type StatesByCountry } from '../../src/settings-buying';

export interface AddressFieldsProps {
  states: StatesByCountry;
  /** Without wc_address_i18n_params only the state field follows the country. */
  locale: Record<string, Record<string, FieldLocale>>;
  localeFields: Record<string, string>;
  selectStateText: string;
  optionalText: string;
}

export function readAddressFieldsProps(element: Element): AddressFieldsProps {
  if (!(element instanceof HTMLSelectElement || element instanceof HTMLInputElement)) {
    throw new PropsError('element', 'expected a select or input with class country_to_state');
  }
  if (!hasSettings('wc_country_select_params')) throw new SkipMount('no wc_country_select_params: the fields stay as the server rendered them');
  const country = countrySelectParams();
  const i18n = hasSettings('wc_address_i18n_params') ? addressI18nParams() : { locale: {}, localeFields: {}, i18nOptionalText: 'optional' };
  return { states: country.countries, locale: i18n.locale, localeFields: i18n.localeFields, selectStateText: country.i18nSelectStateText, optionalText: i18n.i18nOptionalText };
}
