import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTimer } from '../../../widgets/product-gallery/idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('lightbox idle controls', () => {
  it('GAL-06 GAL-04 controls go idle after 4 s without activity', () => {
    const changes: boolean[] = [];
    createIdleTimer((idle) => changes.push(idle));
    vi.advanceTimersByTime(3999);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
  });

  it('GAL-06 activity brings them back and restarts the 4 s', () => {
    const changes: boolean[] = [];
    const timer = createIdleTimer((idle) => changes.push(idle));
    vi.advanceTimersByTime(3000);
    timer.activity();
    vi.advanceTimersByTime(3000);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(changes).toEqual([true]);
    timer.activity();
    expect(changes).toEqual([true, false]);
  });

  it('GAL-06 idle after 1 s once the mouse has left', () => {
    const changes: boolean[] = [];
    const timer = createIdleTimer((idle) => changes.push(idle));
    timer.mouseLeft();
    vi.advanceTimersByTime(999);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
  });

  it('stop cancels the pending change', () => {
    const changes: boolean[] = [];
    const timer = createIdleTimer((idle) => changes.push(idle));
    timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
  });
});
