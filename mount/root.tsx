import { Component, type ComponentType, type ErrorInfo, type ReactNode, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { injectStyle } from '../src/styles';
import tokens from '../styles/tokens.css?inline';
import { withMountEffects } from './mount-effects';
import type { WidgetDefinition, WidgetProps } from './types';

interface BoundaryProps {
  onError: (error: unknown) => void;
  children: ReactNode;
}

/** One boundary per root: a crashing widget renders nothing and hands the page back its markup. */
class WidgetErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

const TAB_STOPS = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';

/** The first element in `root` that the Tab key would reach. */
function firstTabStop(root: HTMLElement): HTMLElement | undefined {
  return Array.from(root.querySelectorAll<HTMLElement>(TAB_STOPS)).find((el) => el.tabIndex >= 0 && !el.matches(':disabled'));
}

/** The focus is still on the covered element (the browser moves it off a hidden element later) or fell to the page. */
function focusLost(replaced: HTMLElement): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || replaced.contains(active);
}

interface MountOptions<P> {
  definition: WidgetDefinition<P>;
  /** The root's own container, already marked by the mount layer. */
  container: HTMLElement;
  element: Element;
  Component: ComponentType<WidgetProps<P, never>>;
  props: P;
  onError: (error: unknown) => void;
}

/**
 * Mounts one React root for one element and returns its unmount.
 * - enhance: the root lives in a detached container; the component drives the server element
 *   (and portals any UI it adds), so the page's markup gains nothing it did not ask for.
 * - replace: the root renders into a container placed where the server element was, and the server
 *   element leaves the document (theme code querying the page finds the live markup only); it comes
 *   back in place on unmount or failure.
 * - cover: like replace, but the server element is a form control that must keep posting its value,
 *   so it stays in the form, hidden, right after the container.
 * The first render and its effects are synchronous (./mount-effects), so 'mounted' in the report means the
 * widget is on the page with its listeners set up, and a replaced element never leaves a blank frame
 * between the server markup and its replacement. The
 * component's layout effects run while the server element is still in place (focus, caret, scroll
 * position can be carried over from it).
 */
export function mountRoot<P>({ definition, container, element, Component: Widget, props, onError }: MountOptions<P>): () => void {
  injectStyle('tokens', tokens);
  const takeover = definition.takeover;
  const replaced = (takeover === 'replace' || takeover === 'cover') && element instanceof HTMLElement ? element : null;
  const wasHidden = replaced?.hidden ?? false;
  // A shopper on the server control when its widget arrives (the focus woke it) must not be dropped to the page.
  const hadFocus = replaced?.contains(document.activeElement) ?? false;
  let failed = false;
  if (replaced) {
    container.style.display = 'contents';
    replaced.before(container);
  }
  const restore = () => {
    if (!replaced) return container.remove();
    replaced.hidden = wasHidden;
    if (container.isConnected) container.replaceWith(replaced);
  };
  const root = createRoot(container, {
    // The boundary reports the error once, with the widget's name; React's own log would repeat it.
    onCaughtError: () => {},
  });
  const TypedWidget = Widget as ComponentType<WidgetProps<P, Element>>;
  withMountEffects(() =>
    flushSync(() =>
      root.render(
        <StrictMode>
          <WidgetErrorBoundary
            onError={(error) => {
              failed = true;
              restore();
              onError(error);
            }}
          >
            <TypedWidget element={element} props={props} />
          </WidgetErrorBoundary>
        </StrictMode>,
      ),
    ),
  );
  if (replaced && !failed) {
    if (takeover === 'cover') replaced.hidden = true;
    else replaced.remove();
    // Unless the widget placed the focus itself (instant search carries focus and caret over, maybe into a
    // dialog elsewhere in the page), its first control in tab order takes it.
    if (hadFocus && focusLost(replaced)) firstTabStop(container)?.focus();
  }
  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    restore();
  };
}
