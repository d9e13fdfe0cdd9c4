import { configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// CI machines are shared and slow at times: waitFor/findBy wait up to 3 s (still failing fast when
// the awaited state never comes), instead of 1 s that a busy machine can miss.
configure({ asyncUtilTimeout: 3000 });

// Each test starts from an empty document and clean storage, as a fresh page load would.
afterEach(() => {
  // A test that failed on a fake clock must not leave it to the next one.
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
  // The test page's cookies must go, whatever set them.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring every cookie needs the raw cookie API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
