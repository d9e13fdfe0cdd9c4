import type { VariationData } from '../events';

/** A variation's image as WooCommerce sends it (spec §3 Variation image); loose JSON from the page or get_variation. */
export interface VariationImage {
  src?: string;
  src_w?: number | string;
  src_h?: number | string;
  srcset?: string | false;
  sizes?: string | false;
  title?: string;
  caption?: string;
  alt?: string;
  full_src?: string;
  full_src_w?: number | string;
  full_src_h?: number | string;
  gallery_thumbnail_src?: string;
}

/**
 * The variation's image, or null when it has none worth showing. WooCommerce's own test is
 * `image.src.length > 1`: variations without an image of their own carry an empty src.
 */
export function variationImageOf(variation: VariationData | Record<string, unknown> | null): VariationImage | null {
  const image = variation?.image;
  if (!image || typeof image !== 'object') return null;
  const candidate = image as VariationImage;
  return typeof candidate.src === 'string' && candidate.src.length > 1 ? candidate : null;
}
