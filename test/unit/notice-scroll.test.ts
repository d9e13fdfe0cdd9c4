import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToNotice } from '../../src/notices';

// HLP-02's scroll to a notice is an animation over 1 s: it must never move the page under a press the
// shopper has started (the click would land on whatever is under the pointer when it ends).

describe('HLP-02 scroll to a notice gives way to the shopper', () => {
  // A frame queue that honours cancelAnimationFrame, as the browser's does.
  let frames: Map<number, FrameRequestCallback> = new Map();
  let nextId = 1;
  const scrolled: number[] = [];

  function setUp(noticeTop: number) {
    frames = new Map();
    scrolled.length = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(nextId, callback);
      return nextId++;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrolled.push(y);
    }) as unknown as typeof window.scrollTo);
    const notice = document.createElement('div');
    document.body.append(notice);
    vi.spyOn(notice, 'getBoundingClientRect').mockReturnValue({ top: noticeTop } as DOMRect);
    return notice;
  }
  /** Runs the frames the animation asked for, at `at` ms after it started. */
  const runFrames = (at: number) => {
    const pending = [...frames.values()];
    frames.clear();
    for (const frame of pending) frame(performance.now() + at);
  };

  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('scrolls step by step while nobody touches the page', () => {
    setUp(2000);
    scrollToNotice(document.body.lastElementChild!);
    runFrames(100);
    runFrames(200);
    expect(scrolled.length).toBe(2);
    expect(frames.size).toBe(1);
  });

  for (const type of ['pointerdown', 'wheel', 'touchstart', 'keydown']) {
    it(`stops at the shopper's ${type}`, () => {
      setUp(2000);
      scrollToNotice(document.body.lastElementChild!);
      runFrames(100);
      window.dispatchEvent(new Event(type));
      const before = scrolled.length;
      runFrames(200);
      runFrames(300);
      expect(scrolled.length).toBe(before);
    });
  }

  it('stops when the notice has left the page', () => {
    const notice = setUp(2000);
    scrollToNotice(notice);
    runFrames(100);
    notice.remove();
    const before = scrolled.length;
    runFrames(200);
    expect(scrolled.length).toBe(before);
    expect(frames.size).toBe(0);
  });
});
