import type { WidgetDefinition } from '../../mount/types';
import type { ComingSoonBannerProps } from './schema';

/** The coming-soon footer banner shown to shop managers while the store is in coming-soon mode. */
export default {
  name: 'coming-soon-banner',
  selector: '#coming-soon-footer-banner',
  load: 'idle',
  hold: ['click'],
} satisfies WidgetDefinition<ComingSoonBannerProps>;
