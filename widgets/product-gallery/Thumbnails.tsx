import { type GallerySlide, loadErrorParts } from './logic';
import { t } from './strings';
import { safeLink } from '../../src/html';

interface ThumbnailsProps {
  slides: GallerySlide[];
  active: number;
  broken: ReadonlySet<number>;
  onSelect: (index: number) => void;
}

/**
 * The thumbnail strip, with FlexSlider's classes (`ol.flex-control-nav.flex-control-thumbs`,
 * `img.flex-active`) so theme CSS applies, but each thumbnail is a real button with a name.
 */
export function Thumbnails({ slides, active, broken, onSelect }: ThumbnailsProps) {
  return (
    <ol className="flex-control-nav flex-control-thumbs">
      {slides.map((slide, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional; they never reorder.
        <li key={i}>
          <button
            type="button"
            className="vitrine-gallery__thumb"
            aria-label={slide.thumbAlt || t('galleryThumbnail', { index: i + 1, count: slides.length })}
            aria-current={i === active ? 'true' : undefined}
            onClick={() => onSelect(i)}
          >
            <img
              src={slide.thumb}
              srcSet={slide.thumbSrcset || undefined}
              sizes={slide.thumbSizes || undefined}
              alt=""
              className={`${i === active ? 'flex-active' : ''}${broken.has(i) ? ' vitrine-gallery__thumb--broken' : ''}`.trim() || undefined}
              draggable={false}
            />
          </button>
        </li>
      ))}
    </ol>
  );
}

/** GAL-05: shown in a slide whose image failed, with a link to the image itself. */
export function SlideError({ url }: { url: string }) {
  const { before, link, after } = loadErrorParts();
  return (
    <p className="vitrine-gallery__error" role="status">
      {before}
      <a href={safeLink(url)} target="_blank" rel="noopener">
        {link}
      </a>
      {after}
    </p>
  );
}
