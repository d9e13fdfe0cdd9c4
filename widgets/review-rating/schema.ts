import { SkipMount } from '../../mount/errors';
import { hasSettings, singleProductParams } from '../../src/settings';

export interface ReviewRatingProps {
  labels: string[];
  required: boolean;
  requiredText: string;
  /** The id of the "Your rating" label, to name the group. */
  labelledBy: string | null;
  form: HTMLFormElement | null;
}

/** `select#rating[name=rating]` in the review form (single-product-reviews.php). */
export function readReviewRatingProps(element: Element): ReviewRatingProps {
  if (!(element instanceof HTMLSelectElement)) throw new SkipMount('#rating is not a <select>');
  // single-product.js only runs where WooCommerce printed its settings; elsewhere #rating is not ours.
  if (!hasSettings('wc_single_product_params') && !element.matches('[data-vitrine-widget]')) {
    throw new SkipMount('wc_single_product_params is not on this page');
  }
  const params = singleProductParams();
  const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
  // WooCommerce gives the "Your rating" label an id only since 9.7: the stars' group is named by it all the same.
  if (label && !label.id) label.id = 'comment-form-rating-label';
  return {
    labels: params.i18nRatingOptions,
    required: params.reviewRatingRequired,
    requiredText: params.i18nRequiredRatingText,
    labelledBy: label?.id || null,
    form: element.form,
  };
}
