import { PropsError, SkipMount } from '../../mount/errors';
import { currentHash, currentHref } from '../../src/address';
import { tabForAddress, type OpeningReason } from './logic';

export interface TabRef {
  /** The panel id, e.g. `tab-description` (the link's href without '#'). */
  panelId: string;
  tab: HTMLAnchorElement;
  panel: HTMLElement;
}

export interface ProductTabsProps {
  tabs: TabRef[];
  /** What the address asked for when the page loaded. */
  initial: OpeningReason;
}

/** Reads `ul.wc-tabs > li > a[href="#tab-…"]` and each link's panel inside the wrapper. */
export function readProductTabsProps(element: Element): ProductTabsProps {
  const links = Array.from(element.querySelectorAll<HTMLAnchorElement>(':scope ul.wc-tabs > li > a, :scope ul.tabs > li > a'));
  if (links.length === 0) throw new SkipMount('no ul.wc-tabs links in this wrapper');
  const tabs = links.map((tab) => {
    const href = tab.getAttribute('href') ?? '';
    if (!href.startsWith('#') || href.length < 2) throw new PropsError('href', `tab link href="${href}" is not a #panel-id`);
    const panelId = href.slice(1);
    const panel = Array.from(element.querySelectorAll<HTMLElement>('.wc-tab, .panel')).find((p) => p.id === panelId);
    if (!panel) throw new PropsError('href', `tab link href="${href}" has no panel with id "${panelId}" in the wrapper`);
    return { panelId, tab, panel };
  });
  return { tabs, initial: tabForAddress(currentHref(), currentHash()) };
}
