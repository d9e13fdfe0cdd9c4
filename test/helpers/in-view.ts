import { vi } from 'vitest';

/**
 * happy-dom lays nothing out, so its IntersectionObserver never reports an element in view. This one reports every
 * observed element in view on the next task, so a `visible` widget mounts as a `ready` one does (mount/strategies.ts).
 */
export function everythingInView(): void {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        setTimeout(() => this.report([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver), 0);
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
}
