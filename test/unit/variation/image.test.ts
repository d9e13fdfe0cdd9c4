import { describe, expect, it } from 'vitest';
import { variationImageOf } from '../../../src/variation/image';

describe('variationImageOf', () => {
  it('VAR-08 gives the image of a variation that has its own', () => {
    const image = { src: '/up/tee-red.jpg', gallery_thumbnail_src: '/up/tee-red-100.jpg' };
    expect(variationImageOf({ variation_id: 13, attributes: {}, image })).toBe(image);
  });

  it('VAR-08 treats a missing, malformed or empty image as none, so the gallery keeps its own', () => {
    expect(variationImageOf(null)).toBeNull();
    expect(variationImageOf({ variation_id: 13, attributes: {} })).toBeNull();
    expect(variationImageOf({ variation_id: 13, attributes: {}, image: 'tee.jpg' })).toBeNull();
    expect(variationImageOf({ variation_id: 13, attributes: {}, image: { src: '' } })).toBeNull();
    expect(variationImageOf({ variation_id: 13, attributes: {}, image: { src: '/' } })).toBeNull();
  });
});
