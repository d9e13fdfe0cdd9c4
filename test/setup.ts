import { afterEach } from 'vitest';

// Each test starts from an empty document and clean storage, as a fresh page load would.
afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  sessionStorage.clear();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test page's cookies must go, whatever set them.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
