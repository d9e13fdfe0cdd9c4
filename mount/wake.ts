/**
 * Wakes the pending widgets on `element` and around it, as a shopper's pointer passing over it would: the entry's
 * early listener (./early) hears the `pointerover` and starts loading them, whatever their strategy. The event does
 * not bubble, so only listeners on the element itself, or capturing above it, hear it too. Nothing pending there:
 * nothing happens.
 */
export function wakeWidgetsOn(element: Element): void {
  element.dispatchEvent(new Event('pointerover'));
}
