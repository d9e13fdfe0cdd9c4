import { textsOf } from '../../src/strings';

/** The product gallery's and lightbox's own texts (src/strings.ts says how a site replaces them). */
export const GALLERY_STRINGS = {
  galleryThumbnail: 'Image {index} of {count}',
  galleryLoadError: '{link} could not be loaded.',
  galleryLoadErrorLink: 'The image',
  galleryShare: 'Share',
  galleryFullscreen: 'Toggle fullscreen',
  shareFacebook: 'Share on Facebook',
  shareX: 'Share on X (Twitter)',
  sharePinterest: 'Pin it',
  shareDownload: 'Download image',
} as const;

export const t = textsOf(GALLERY_STRINGS);
