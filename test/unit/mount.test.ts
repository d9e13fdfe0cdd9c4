import { waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PropsError } from '../../mount/errors';
import { observe, registerWidget, report, resetMounts, scan, settled } from '../../mount/mounts';
import type { LoadStrategy, WidgetDefinition, WidgetProps } from '../../mount/types';
import { bootPage, waitForMount } from '../helpers/page';

let counter = 0;
const lifecycle = { mounts: 0, unmounts: 0 };

function Probe({ element, props }: WidgetProps<{ label: string }>) {
  useEffect(() => {
    lifecycle.mounts += 1;
    element.setAttribute('data-probe', props.label);
    return () => {
      lifecycle.unmounts += 1;
      element.removeAttribute('data-probe');
    };
  }, [element, props.label]);
  return null;
}

function Broken(): never {
  throw new Error('render exploded');
}

/** A test widget that counts its mounts and marks its element, so every assertion is about the DOM. */
function testWidget(overrides: Partial<WidgetDefinition<{ label: string }>> = {}): WidgetDefinition<{ label: string }> {
  counter += 1;
  const name = `probe-${counter}`;
  return {
    name,
    selector: `.${name}`,
    load: 'ready',
    takeover: 'enhance',
    props: async (element) => ({ label: element.getAttribute('data-label') ?? 'none' }),
    component: async () => ({ default: Probe }),
    ...overrides,
  };
}

afterEach(() => {
  resetMounts();
  lifecycle.mounts = 0;
  lifecycle.unmounts = 0;
});

describe('mount layer', () => {
  it('mounts a widget on its genuine selector and on data-vitrine-widget', async () => {
    const widget = testWidget();
    registerWidget(widget);
    await bootPage(`<a class="${widget.name}" data-label="a">x</a><div data-vitrine-widget="${widget.name}" data-label="b"></div>`);
    await waitFor(() => expect(document.querySelectorAll('[data-probe]')).toHaveLength(2));
    expect(report().filter((row) => row.widget === widget.name).map((row) => row.state)).toEqual(['mounted', 'mounted']);
  });

  it('never mounts twice on one element, however often the page is scanned', async () => {
    const widget = testWidget();
    registerWidget(widget);
    await bootPage(`<a class="${widget.name}">x</a>`);
    scan(document);
    scan(document);
    await settled();
    await waitForMount(widget.name);
    // StrictMode runs effects twice in development; what matters is one live mount.
    await waitFor(() => expect(lifecycle.mounts - lifecycle.unmounts).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(lifecycle.mounts - lifecycle.unmounts).toBe(1);
    expect(report().filter((row) => row.widget === widget.name)).toHaveLength(1);
  });

  it('mounts markup inserted later, as cart fragments and infinite scroll insert it', async () => {
    const widget = testWidget();
    registerWidget(widget);
    await bootPage('<ul id="list"></ul>');
    document.getElementById('list')!.insertAdjacentHTML('beforeend', `<li><a class="${widget.name}" data-label="late">x</a></li>`);
    await waitFor(() => expect(document.querySelector(`.${widget.name}`)?.getAttribute('data-probe')).toBe('late'));
  });

  it('unmounts the root when its element leaves the document', async () => {
    const widget = testWidget();
    registerWidget(widget);
    await bootPage(`<div id="box"><a class="${widget.name}">x</a></div>`);
    await waitForMount(widget.name);
    await waitFor(() => expect(lifecycle.mounts - lifecycle.unmounts).toBe(1));
    document.getElementById('box')!.remove();
    await waitFor(() => expect(lifecycle.mounts - lifecycle.unmounts).toBe(0));
    expect(report().some((row) => row.widget === widget.name)).toBe(false);
  });

  it('leaves the server markup intact when a widget throws, and other widgets keep working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = testWidget({ takeover: 'replace', component: async () => ({ default: Broken }) });
    const healthy = testWidget();
    registerWidget(broken);
    registerWidget(healthy);
    await bootPage(`<button class="${broken.name}">Server button</button><a class="${healthy.name}" data-label="ok">x</a>`);
    await waitForMount(broken.name, undefined, 'failed');
    await waitForMount(healthy.name);
    const button = document.querySelector<HTMLButtonElement>(`.${broken.name}`)!;
    await waitFor(() => expect(button.hidden).toBe(false));
    expect(button.textContent).toBe('Server button');
    expect(document.querySelector('[data-vitrine-root]')).toBeNull();
    expect(document.querySelector(`.${healthy.name}`)?.getAttribute('data-probe')).toBe('ok');
    expect(error.mock.calls.some((call) => String(call[0]).includes(broken.name))).toBe(true);
  });

  it('reports invalid props with one console error naming widget, element and field, and mounts nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const widget = testWidget({
      props: async () => {
        throw new PropsError('data-product_id', 'data-product_id="abc" is not a number');
      },
    });
    registerWidget(widget);
    await bootPage(`<a class="${widget.name}" href="/?add-to-cart=abc">Add</a>`);
    await waitForMount(widget.name, undefined, 'failed');
    expect(error).toHaveBeenCalledTimes(1);
    const [message, element] = error.mock.calls[0]!;
    expect(String(message)).toContain(widget.name);
    expect(String(message)).toContain('data-product_id');
    expect(element).toBe(document.querySelector(`.${widget.name}`));
    expect(document.querySelector('[data-probe]')).toBeNull();
    expect(document.querySelector(`.${widget.name}`)?.outerHTML).toBe(`<a class="${widget.name}" href="/?add-to-cart=abc">Add</a>`);
  });

  it('runs the fallback when a widget cannot mount (invalid props, chunk not loaded, crash), never when it mounts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fallback = (element: Element) => element.setAttribute('data-fallback', 'yes');
    const invalid = testWidget({
      fallback,
      props: async () => {
        throw new PropsError('data-x', 'bad');
      },
    });
    const unloadable = testWidget({
      fallback,
      component: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    });
    const crashing = testWidget({ fallback, component: async () => ({ default: Broken }) });
    const healthy = testWidget({ fallback });
    for (const widget of [invalid, unloadable, crashing, healthy]) registerWidget(widget);
    await bootPage([invalid, unloadable, crashing, healthy].map((w) => `<div class="${w.name}"></div>`).join(''));
    await waitForMount(crashing.name, undefined, 'failed');
    await waitForMount(healthy.name);
    for (const widget of [invalid, unloadable, crashing]) {
      expect(document.querySelector(`.${widget.name}`)?.getAttribute('data-fallback')).toBe('yes');
    }
    expect(document.querySelector(`.${healthy.name}`)?.hasAttribute('data-fallback')).toBe(false);
  });

  it('marks a mount point skipped when its reader says the markup is not its business', async () => {
    const widget = testWidget({
      props: async () => {
        const skip = new Error('no product id');
        skip.name = 'SkipMount';
        throw skip;
      },
    });
    registerWidget(widget);
    await bootPage(`<a class="${widget.name}">x</a>`);
    await waitForMount(widget.name, undefined, 'skipped');
    expect(report().find((row) => row.widget === widget.name)?.reason).toBe('no product id');
  });

  it('refuses a second widget with a taken name', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const widget = testWidget();
    expect(registerWidget(widget)).toBe(true);
    expect(registerWidget({ ...widget })).toBe(false);
    expect(error).toHaveBeenCalledOnce();
  });

  it('a selector function is read at every scan; a selector it names that is not CSS logs one error, the rest mount', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const configured = ['.site-header >> .broken[', '.site-header .theme-search'];
    const dynamic = testWidget({ selector: () => configured });
    const healthy = testWidget();
    registerWidget(dynamic);
    registerWidget(healthy);
    await bootPage(
      `<header class="site-header"><form class="theme-search" data-label="configured"></form></header><div data-vitrine-widget="${dynamic.name}" data-label="point"></div><a class="${healthy.name}" data-label="ok">x</a>`,
    );
    await waitFor(() => expect(document.querySelectorAll('[data-probe]')).toHaveLength(3));
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]).toEqual([`[vitrine] ${dynamic.name}: invalid selector`, '.site-header >> .broken[']);
    // Settings read at scan time: a selector configured later applies to markup inserted later, without a second error.
    configured.push('.late-search');
    document.body.insertAdjacentHTML('beforeend', '<form class="late-search" data-label="late"></form>');
    await waitFor(() => expect(document.querySelector('.late-search')?.getAttribute('data-probe')).toBe('late'));
    expect(error).toHaveBeenCalledOnce();
    configured.length = 0; // the registry outlives the test: later scans must not meet the broken selector
  });

  it('does not mount inside markup a widget rendered itself', async () => {
    const widget = testWidget();
    registerWidget(widget);
    await bootPage(`<div data-vitrine-root="other"><a class="${widget.name}">copy</a></div>`);
    await settled();
    expect(report().some((row) => row.widget === widget.name)).toBe(false);
  });
});

describe('load strategies', () => {
  async function pendingUntil(strategy: LoadStrategy, trigger: (element: Element) => void | Promise<void>) {
    const widget = testWidget({ load: strategy });
    registerWidget(widget);
    resetMounts();
    document.body.innerHTML = `<a class="${widget.name}" data-label="${strategy}" tabindex="0">x</a>`;
    scan(document);
    observe();
    const element = document.querySelector(`.${widget.name}`)!;
    expect(report().find((row) => row.element === element)?.state).toBe('pending');
    await trigger(element);
    await waitFor(() => expect(element.getAttribute('data-probe')).toBe(strategy));
  }

  it('ready mounts right after boot', async () => {
    await pendingUntil('ready', () => {});
  });

  it('idle mounts once the browser is idle', async () => {
    await pendingUntil('idle', () => {});
  });

  it('interaction waits for the first focus or pointer', async () => {
    await pendingUntil('interaction', async (element) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(element.hasAttribute('data-probe')).toBe(false);
      element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
  });

  it('visible waits for the element to come near the viewport', async () => {
    let notify: ((entries: Partial<IntersectionObserverEntry>[]) => void) | undefined;
    class FakeObserver {
      constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
        notify = callback;
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    await pendingUntil('visible', async (element) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(element.hasAttribute('data-probe')).toBe(false);
      notify?.([{ target: element, isIntersecting: true }]);
    });
    vi.unstubAllGlobals();
  });
});
