import { autoUpdate, FloatingPortal, flip, offset, size, useDismiss, useFloating, useInteractions } from '@floating-ui/react';
import type { UseComboboxPropGetters } from 'downshift';
import { highlightSegments, type Suggestion } from '../../src/address-autocomplete/logic';
import type { Branding } from './branding';

export interface SuggestionListProps {
  field: HTMLInputElement;
  /** The container after the field that the list is rendered into. */
  host: HTMLElement;
  type: 'billing' | 'shipping';
  items: Suggestion[];
  /** Open, with suggestions to show. */
  shown: boolean;
  highlightedIndex: number;
  /** downshift's menu props, got by the widget each render (downshift checks its getter was called). */
  menuProps: ReturnType<UseComboboxPropGetters<Suggestion>['getMenuProps']>;
  getItemProps: UseComboboxPropGetters<Suggestion>['getItemProps'];
  branding: Branding;
  /** The provider's name, shown as text where its branding's sanitiser could not be had. */
  providerName?: string;
  close: () => void;
}

/**
 * The suggestions under the address field, placed by floating-ui: FloatingPortal puts them in the widget's
 * container after the field and useDismiss closes them on a press elsewhere. Their roles are downshift's (combobox
 * on the field, listbox on the list), so useRole, which would give the list a second role, is not used; focus stays
 * in the field (a combobox), so no FloatingFocusManager either.
 *
 * A chunk of its own (widgets/address-autocomplete-list-*.js) with floating-ui (17 KB gzip), fetched beside the
 * widget's own code when the shopper first comes to the address field (the definition's `alongside`): most checkouts
 * are filled without suggestions, and none show before three typed characters and a provider's answer.
 */
export function SuggestionList({ field, host, type, items, shown, highlightedIndex, menuProps, getItemProps, branding, providerName, close }: SuggestionListProps) {
  const { refs, floatingStyles, context } = useFloating({
    placement: 'bottom-start',
    strategy: 'absolute',
    open: shown,
    onOpenChange: (next) => {
      if (!next) close();
    },
    elements: { reference: field },
    middleware: [
      offset(2),
      flip({ padding: 8 }),
      size({
        apply: ({ rects, elements }) => {
          // As wide as the field, and wide enough to read an address when the theme's field is narrow.
          elements.floating.style.width = `${Math.max(rects.reference.width, 280)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  // A press outside the field and the list closes it; Escape is the field's (downshift's keydown).
  const dismiss = useDismiss(context, { escapeKey: false, referencePress: false });
  const { getFloatingProps } = useInteractions([dismiss]);

  return (
    <FloatingPortal root={host}>
      <section
        id={`address_suggestions_${type}`}
        className="woocommerce-address-suggestions"
        aria-live="polite"
        aria-label={`${type === 'billing' ? 'Billing' : 'Shipping'} address suggestions`}
        ref={refs.setFloating}
        style={shown ? floatingStyles : { display: 'none' }}
        {...getFloatingProps()}
      >
        <ul {...menuProps} className="suggestions-list">
          {shown
            ? items.map((item, index) => (
                <li key={item.id} className={highlightedIndex === index ? 'active' : undefined} data-id={item.id} {...getItemProps({ item, index })}>
                  {highlightSegments(item.label, item.matchedSubstrings).map((segment, i) =>
                    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one label, in order.
                    segment.match ? <strong key={i}>{segment.text}</strong> : <span key={i}>{segment.text}</span>,
                  )}
                </li>
              ))
            : null}
        </ul>
        {shown && branding.markup ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's branding, sanitised (./branding).
          <div className="woocommerce-address-autocomplete-branding" dangerouslySetInnerHTML={{ __html: branding.markup }} />
        ) : null}
        {shown && branding.failed && providerName ? <div className="woocommerce-address-autocomplete-branding">{providerName}</div> : null}
      </section>
    </FloatingPortal>
  );
}
