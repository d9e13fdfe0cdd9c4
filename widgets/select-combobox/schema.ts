import { PropsError } from '../../mount/errors';
import { hasSettings } from '../../src/settings';
import { countrySelectParams } from '../../src/settings-buying';

export interface SelectComboboxProps {
  noMatches: string;
}

export function readSelectComboboxProps(element: Element): SelectComboboxProps {
  if (!(element instanceof HTMLSelectElement)) throw new PropsError('element', 'expected a <select>');
  if (element.multiple) throw new PropsError('multiple', 'a multiple select is not supported');
  return { noMatches: hasSettings('wc_country_select_params') ? countrySelectParams().i18nNoMatches : 'No matches found' };
}
