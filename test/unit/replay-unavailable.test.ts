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

it('ATC-01 when the replay code itself cannot be fetched, three held clicks follow the link once, not three times', async () => {
  // A widget that holds clicks and whose own code never arrives.
  registerWidget({ name: 'held-forever', selector: '.held-forever', load: 'visible', hold: ['click'], module: () => new Promise(() => {}) });
  const followed: (string | null)[] = [];
  const listener = (event: Event) => {
    if (!event.defaultPrevented) followed.push((event.target as Element).closest('a')?.getAttribute('href') ?? null);
    event.preventDefault(); // happy-dom would otherwise try to navigate
  };
  document.addEventListener('click', listener);
  try {
    await bootPage('<a id="add" class="held-forever" href="/?add-to-cart=10">Add</a>');
    const link = document.getElementById('add') as HTMLElement;
    for (let i = 0; i < 3; i++) link.click();
    await waitFor(() => expect(followed).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // One page load that adds: three would each post an add to the server before the last one won.
    expect(followed).toEqual(['/?add-to-cart=10']);
  } finally {
    document.removeEventListener('click', listener);
  }
});
