import type { WidgetDefinition } from '../../mount/types';
import type { CookieNoticeProps } from './schema';

/**
 * Cookie Notice's banner (`#cookie-notice`, global cnArgs). `ready`: it asks the shopper on arrival,
 * and clicks on its buttons before the code is there are held and replayed.
 */
export default {
  name: 'cookie-notice',
  selector: '#cookie-notice',
  load: 'ready',
  hold: ['click'],
} satisfies WidgetDefinition<CookieNoticeProps>;
