import { PropsError } from '../../mount/errors';

export interface ComingSoonBannerProps {
  /** `rest_url('wp/v2/users/<id>')`, from the dismiss link's data-rest-url. */
  restUrl: string;
  restNonce: string;
}

/** The dismiss link carries where and with which nonce the dismissal is saved (NTC-02). */
export function readComingSoonBannerProps(element: Element): ComingSoonBannerProps {
  const link = element.querySelector('.coming-soon-footer-banner-dismiss');
  if (!link) throw new PropsError('a.coming-soon-footer-banner-dismiss', 'the banner has no dismiss link');
  const restUrl = link.getAttribute('data-rest-url')?.trim() ?? '';
  if (!restUrl) throw new PropsError('data-rest-url', 'the dismiss link has no data-rest-url');
  try {
    new URL(restUrl, document.baseURI);
  } catch {
    throw new PropsError('data-rest-url', `data-rest-url="${restUrl}" is not an address`);
  }
  const restNonce = link.getAttribute('data-rest-nonce')?.trim() ?? '';
  if (!restNonce) throw new PropsError('data-rest-nonce', 'the dismiss link has no data-rest-nonce');
  return { restUrl, restNonce };
}
