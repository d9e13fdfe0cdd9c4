import { memo } from 'react';
import type { SearchSettings, SlotLocation } from './settings';
import { t } from './strings';

/** sanitize.ts's `sanitize`, passed down by full-screen.tsx (which says why it is not imported). */
export type Sanitize = (html: string) => string;

export interface SidebarVisibility {
  categories: boolean;
  banner: boolean;
}

function Categories({ settings }: { settings: SearchSettings }) {
  return (
    <nav className="sws-selected-categories" aria-label={settings.selectedCategoriesLabel}>
      <h4 className="sws-selected-categories-title">{settings.selectedCategoriesLabel}</h4>
      <ul className="sws-selected-categories-list">
        {settings.selectedCategories.map((category) => (
          <li key={category.url} className="sws-selected-categories-item">
            <a className="sws-selected-categories-link" href={category.url}>
              {category.name}
              {settings.selectedCategoriesCount && category.count > 0 ? ` (${category.count})` : ''}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// Memoised: the dialog re-renders on every keystroke, and the banner's sanitised markup only changes with the settings.
const PromoBanner = memo(function PromoBanner({ settings, sanitize }: { settings: SearchSettings; sanitize: Sanitize }) {
  const image = sanitize(settings.promoBannerImage);
  const className = `sws-promo-banner${settings.selectedPromoBannerMobile ? ' sws-promo-banner--hidden_mobile_mod' : ''}`;
  if (!settings.promoBannerLink) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: promoBannerImage is image markup by contract, sanitised
    return <div className={className} dangerouslySetInnerHTML={{ __html: image }} />;
  }
  return (
    <div className={className}>
      <a href={settings.promoBannerLink} target="_blank" rel="noopener noreferrer">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: promoBannerImage is image markup by contract, sanitised */}
        <span dangerouslySetInnerHTML={{ __html: image }} />
        <span className="screen-reader-text">{t('opensInNewTab')}</span>
      </a>
    </div>
  );
});

/** One sidebar column (left or right) with its two slots, filled by the location settings. */
export function Sidebar({ side, settings, visible, sanitize }: { side: 'left' | 'right'; settings: SearchSettings; visible: SidebarVisibility; sanitize: Sanitize }) {
  const slots: SlotLocation[] = side === 'left' ? ['left_slot', 'left_slot_2'] : ['right_slot', 'right_slot_2'];
  const content = slots.map((slot) => {
    const parts = [];
    if (visible.categories && settings.selectedCategoriesLocation === slot) parts.push(<Categories key="categories" settings={settings} />);
    if (visible.banner && settings.promoBannerLocation === slot) parts.push(<PromoBanner key="banner" settings={settings} sanitize={sanitize} />);
    return parts.length > 0 ? (
      <div key={slot} className={`sws-sidebar-widget sws-sidebar--${slot}`}>
        {parts}
      </div>
    ) : null;
  });
  if (content.every((part) => part === null)) return null;
  return <div className={`sws-sidebar sws-sidebar--${side}-mod`}>{content}</div>;
}
