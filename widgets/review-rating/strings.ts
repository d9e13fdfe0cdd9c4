import { textsOf } from '../../src/strings';

/** The review rating's own text (src/strings.ts says how a site replaces it). */
export const RATING_STRINGS = { ratingStars: '{n} of 5 stars' } as const;

export const t = textsOf(RATING_STRINGS);
