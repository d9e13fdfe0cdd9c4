import type { WidgetDefinition } from '../../mount/types';
import type { ReviewRatingProps } from './schema';

/**
 * The review form's star rating. Cover: a <select> cannot look like five stars, so the stars
 * (WooCommerce's `p.stars > span > a.star-N` markup, which theme CSS draws) render beside it while
 * the hidden select keeps the value the comment form posts as `rating`.
 */
export default {
  name: 'review-rating',
  selector: 'select#rating',
  load: 'idle',
  takeover: 'cover',
  module: () => import('./widget'),
} satisfies WidgetDefinition<ReviewRatingProps>;
