import { textsOf } from '../../src/strings';

/** The coming-soon banner's own text (src/strings.ts says how a site replaces it). */
export const BANNER_STRINGS = { dismiss: 'Dismiss' } as const;

export const t = textsOf(BANNER_STRINGS);
