import type { WidgetDefinition } from '../../mount/types';
import type { ReviewRatingProps } from './schema';

/**
 * The review form's star rating. Cover: a <select> cannot look like five stars, so the stars
 * (WooCommerce's `p.stars > span > a.star-N` markup, which theme CSS draws) render beside it while
 * the hidden select keeps the value the comment form posts as `rating`.
 * `visible`: the form sits in the reviews tab, hidden until the shopper opens it (or scrolls to it), so a
 * shopper who never reads the reviews never downloads the stars; opening the tab loads them at once.
 */
export default {
  name: 'review-rating',
  selector: 'select#rating',
  takeover: 'cover',
} satisfies WidgetDefinition<ReviewRatingProps>;
