import { waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { registerWidget, resetMounts } from '../../mount/mounts';
import { bootPage } from '../helpers/page';

// The replay code (mount/replay.ts) cannot be fetched on this page: a flaky network, a deploy that removed the
// chunk. In a file of its own, so the failed module stays out of every other test's module graph.
vi.mock('../../mount/replay', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => resetMounts());

it('ATC-01 when the replay code itself cannot be fetched, presses on one link follow it once; another control still runs its own', async () => {
  // A widget that holds clicks and whose own code never arrives.
  registerWidget({ name: 'held-forever', selector: '.held-forever', load: 'visible', hold: ['click'], module: () => new Promise(() => {}) });
  const followed: (string | null)[] = [];
  const listener = (event: Event) => {
    if (!event.defaultPrevented) followed.push((event.target as Element).closest('a')?.getAttribute('href') ?? null);
    event.preventDefault(); // happy-dom would otherwise try to navigate
  };
  document.addEventListener('click', listener);
  try {
    await bootPage('<a id="add" class="held-forever" href="/?add-to-cart=10">Add</a> <a id="tab" class="held-forever" href="#reviews">Reviews</a>');
    const add = document.getElementById('add') as HTMLElement;
    for (let i = 0; i < 3; i++) add.click();
    await waitFor(() => expect(followed).toHaveLength(1));
    document.getElementById('tab')?.click();
    await waitFor(() => expect(followed).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One page load that adds (three would each post an add before the last one won), and the other control's own.
    expect(followed).toEqual(['/?add-to-cart=10', '#reviews']);
    // The presses dropped on the link take its busy state off.
    expect(add.classList.contains('loading')).toBe(false);
    expect(add.hasAttribute('aria-busy')).toBe(false);
  } finally {
    document.removeEventListener('click', listener);
  }
});
