import { waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyActions } from '../../mount/early';
import { PropsError } from '../../mount/errors';
import { observe, registerWidget, report, resetMounts, scan, settled } from '../../mount/mounts';
import type { LoadStrategy, RegisteredWidgetDefinition, WidgetDefinition, WidgetProps } from '../../mount/types';
import { HOLD_LIMIT_MS, ORDER_ONLY } from '../../mount/replay';
import { bootPage, realTurns, waitForMount } from '../helpers/page';
import jQueryFactory from 'jquery';
import { installJQueryBridge, resetJQueryBridgeForTests } from '../../src/jquery-bridge';

type JQ = typeof jQueryFactory;

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

const labelOf = (element: Element) => ({ label: element.getAttribute('data-label') ?? 'none' });

/** A module whose props reader throws `error`. */
const refusing = (error: Error) => async () => ({
  default: Probe,
  readProps: () => {
    throw error;
  },
});

/** A test widget that counts its mounts and marks its element, so every assertion is about the DOM. */
function testWidget(overrides: Partial<WidgetDefinition<{ label: string }>> = {}): RegisteredWidgetDefinition<{ label: string }> {
  counter += 1;
  const name = `probe-${counter}`;
  return {
    name,
    selector: `.${name}`,
    load: 'ready',
    takeover: 'enhance',
    module: async () => ({ default: Probe, readProps: labelOf }),
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
    const broken = testWidget({ takeover: 'replace', module: async () => ({ default: Broken }) });
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
    const widget = testWidget({ module: refusing(new PropsError('data-product_id', 'data-product_id="abc" is not a number')) });
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
    const invalid = testWidget({ fallback, module: refusing(new PropsError('data-x', 'bad')) });
    const unloadable = testWidget({
      fallback,
      module: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    });
    const crashing = testWidget({ fallback, module: async () => ({ default: Broken }) });
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
    const skip = new Error('no product id');
    skip.name = 'SkipMount';
    const widget = testWidget({ module: refusing(skip) });
    registerWidget(widget);
    await bootPage(`<a class="${widget.name}">x</a>`);
    await waitForMount(widget.name, undefined, 'skipped');
    expect(report().find((row) => row.widget === widget.name)?.reason).toBe('no product id');
  });

  it('steps aside where the WordPress plugin put WooCommerce’s script back: never loaded, reported with the plugin’s reason', async () => {
    const aside = testWidget();
    const other = testWidget();
    registerWidget(aside);
    registerWidget(other);
    const load = vi.spyOn(aside, 'module');
    const scripts = {
      replaced: ['woocommerce', 'wc-add-to-cart'],
      restored: { 'wc-single-product': ['theme-gallery'] },
      served: { 'wc-checkout': ['fixture-gateway'] },
      aside: { [aside.name]: 'wc-single-product is printed for theme-gallery, which depends on it' },
    };
    window.vitrine_scripts = scripts;
    try {
      await bootPage(`<a class="${aside.name}">x</a><a class="${other.name}">y</a>`);
      await waitForMount(other.name);
      await settled();
      const rows = report();
      expect(rows.find((row) => row.widget === aside.name)).toMatchObject({ state: 'skipped', reason: scripts.aside[aside.name] });
      expect(document.querySelector(`.${aside.name}`)?.hasAttribute('data-probe')).toBe(false);
      expect(load).not.toHaveBeenCalled();
      expect(rows.scripts).toEqual(scripts);
    } finally {
      delete window.vitrine_scripts;
    }
  });

  it('a plugin report without its `aside` list (another plugin version, an optimiser) still mounts every widget', async () => {
    const widget = testWidget();
    registerWidget(widget);
    window.vitrine_scripts = { replaced: ['woocommerce'] } as unknown as Window['vitrine_scripts'];
    try {
      await bootPage(`<a class="${widget.name}">x</a>`);
      await waitForMount(widget.name);
      expect(report().find((row) => row.widget === widget.name)?.state).toBe('mounted');
    } finally {
      delete window.vitrine_scripts;
    }
  });

  it('report().scripts is undefined on a page the plugin did not render', async () => {
    await bootPage('<p></p>');
    expect(report().scripts).toBeUndefined();
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

  it("a theme's selector function that throws logs one error; its mount point and the page's other widgets still mount", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let named: string[] | undefined;
    const throwing = testWidget({
      selector: () => {
        if (!named) throw new TypeError("Cannot read properties of undefined (reading 'selectors')");
        return named;
      },
    });
    const healthy = testWidget();
    registerWidget(throwing);
    registerWidget(healthy);
    await bootPage(`<form class="theme-search" data-label="named"></form><div data-vitrine-widget="${throwing.name}" data-label="point"></div><a class="${healthy.name}" data-label="ok">x</a>`);
    await waitFor(() => expect(document.querySelectorAll('[data-probe]')).toHaveLength(2));
    expect(document.querySelector('.theme-search')?.hasAttribute('data-probe')).toBe(false);
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toBe(`[vitrine] ${throwing.name}: invalid selector`);
    expect(String(error.mock.calls[0]?.[1])).toMatch(/reading 'selectors'/);
    // Markup inserted later is scanned again without another error, and once the function answers, its markup mounts.
    named = ['.theme-search'];
    document.body.insertAdjacentHTML('beforeend', '<form class="theme-search" data-label="later"></form>');
    await waitFor(() => expect(document.querySelector('[data-label="later"]')?.getAttribute('data-probe')).toBe('later'));
    expect(error).toHaveBeenCalledOnce();
    named = []; // the registry outlives the test: later scans must not meet this selector
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
    holdEarlyActions();
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

let handledClicks: string[] = [];
/** The elements those clicks were on. */
const clickTargets: Element[] = [];
/** Handles clicks itself (preventing their default, as ajax widgets do) and logs their target ids. */
function Counter({ element }: WidgetProps<{ label: string }>) {
  useEffect(() => {
    const onClick = (event: Event) => {
      event.preventDefault();
      handledClicks.push((event.target as Element).id);
      clickTargets.push(event.target as Element);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [element]);
  return null;
}

let choices: string[] = [];
/** Logs the value of each change its select hears. */
function Chooser({ element }: WidgetProps<{ label: string }>) {
  useEffect(() => {
    const onChange = () => choices.push((element as HTMLSelectElement).value);
    element.addEventListener('change', onChange);
    return () => element.removeEventListener('change', onChange);
  }, [element]);
  return null;
}

let submissions: string[] = [];
/** Sends its form itself and logs the submitter's value. */
function AjaxForm({ element }: WidgetProps<{ label: string }, HTMLFormElement>) {
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      event.preventDefault();
      submissions.push((event.submitter as HTMLButtonElement | null)?.value ?? '');
    };
    element.addEventListener('submit', onSubmit);
    return () => element.removeEventListener('submit', onSubmit);
  }, [element]);
  return null;
}

const Live = () => <form className="search-form live" />;
const Stars = () => <p className="stars" />;
/** A covering control the way the review stars render theirs: a roving group whose current item takes the tab. */
const StarButtons = () => (
  <p className="stars">
    <input type="hidden" name="rating-shown" value="2" />
    <button type="button" tabIndex={-1}>
      1
    </button>
    <button type="button" tabIndex={0}>
      2
    </button>
  </p>
);

/** A widget module that arrives only when the test calls release(): the code still on the network. */
function lateModule(Component: (props: WidgetProps<{ label: string }>) => null) {
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arriving = async () => {
    await arrived;
    return { default: Component };
  };
  return { release, arriving };
}

/** On the fake clock: the hold's limit passes, then the task the server default runs in. */
async function pastTheHoldLimit(): Promise<void> {
  await vi.advanceTimersByTimeAsync(HOLD_LIMIT_MS + 100);
  await realTurns();
  await vi.advanceTimersByTimeAsync(10);
  await realTurns();
}

describe('shopper actions before a widget has mounted', () => {
  /** A widget that counts the clicks its own listener handles (preventing their default, as ajax widgets do). */
  function clickCounter(overrides: Partial<WidgetDefinition<{ label: string }>> = {}) {
    const handled: string[] = [];
    handledClicks = handled;
    const { release, arriving } = lateModule(Counter);
    const widget = testWidget({ load: 'visible', hold: ['click'], module: arriving, ...overrides });
    registerWidget(widget);
    return { widget, handled, release };
  }

  /** The page listeners a test left (it failed before its own `stop()`): they would prevent the next tests' clicks. */
  const leftListeners: Array<() => void> = [];
  afterEach(() => {
    for (const stop of leftListeners.splice(0)) stop();
  });

  /** Clicks that reached the page unprevented: the link's own default would have run for each. */
  function defaultsRun(): { count: number; followed: (string | null)[]; stop: () => void } {
    const log = { count: 0, followed: [] as (string | null)[], stop: () => document.removeEventListener('click', listener) };
    leftListeners.push(log.stop);
    const listener = (event: Event) => {
      if (!event.defaultPrevented) {
        log.count += 1;
        log.followed.push((event.target as Element).closest('a')?.getAttribute('href') ?? null);
      }
      event.preventDefault(); // happy-dom would otherwise try to navigate
    };
    document.addEventListener('click', listener);
    return log;
  }

  it('ATC-01 five quick clicks before the code arrives are five actions, in order, once it mounts; none follows the link', async () => {
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    await bootPage(`<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`);
    const link = document.getElementById('add')!;
    expect(report().find((row) => row.widget === widget.name)?.state).toBe('pending');
    for (let i = 0; i < 5; i++) link.click();
    expect(page.count).toBe(0);
    expect(handled).toEqual([]);
    release();
    await waitFor(() => expect(handled).toEqual(['add', 'add', 'add', 'add', 'add']));
    expect(page.count).toBe(0);
    page.stop();
  });

  it('ATC-01 a held click waits for its own widget, not for a widget around the whole page (order attribution on <body>)', async () => {
    const { widget, handled, release } = clickCounter();
    // Its code arrives only at the end of the test: until then only the hold limit (8 s) would end a wait for it.
    const outer = lateModule(Probe);
    const around = testWidget({ load: 'idle', module: outer.arriving });
    registerWidget(around);
    await bootPage(`<div class="${around.name}"><p><a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a></p></div>`);
    document.getElementById('add')!.click();
    release();
    await waitFor(() => expect(handled).toEqual(['add']));
    expect(report().find((row) => row.widget === around.name)?.state).toBe('pending');
    outer.release();
    await settled();
  });

  it('ATC-01 a held click still waits for a widget between it and its holder (a variation form on the same form)', async () => {
    const { widget, handled, release } = clickCounter();
    const inner = lateModule(Probe);
    const between = testWidget({ load: 'interaction', module: inner.arriving });
    registerWidget(between);
    await bootPage(`<div id="holder" class="${widget.name}"><span id="add" class="${between.name}" data-label="inner">Add</span></div>`);
    const target = document.getElementById('add')!;
    target.click();
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled).toEqual([]);
    inner.release();
    await waitFor(() => expect(handled).toEqual(['add']));
    expect(target.hasAttribute('data-probe')).toBe(true);
  });

  it('a click on a pending widget loads it at once, whatever its strategy', async () => {
    const { widget, handled, release } = clickCounter({ load: 'interaction' });
    await bootPage(`<button id="b" class="${widget.name}">Go</button>`);
    release();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(report().find((row) => row.widget === widget.name)?.state).toBe('pending');
    document.getElementById('b')!.click();
    await waitFor(() => expect(handled).toEqual(['b']));
  });

  it('when the code fails to load, the first held click runs its server default, once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { widget } = clickCounter({
      module: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    });
    const page = defaultsRun();
    await bootPage(`<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`);
    const link = document.getElementById('add')!;
    link.click();
    link.click();
    await waitFor(() => expect(page.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.count).toBe(1);
    // The link followed stands for both presses; it is the server's link again afterwards.
    expect(page.followed).toEqual([`${location.origin}/?add-to-cart=10&quantity=2`]);
    expect(link.getAttribute('href')).toBe('/?add-to-cart=10');
    page.stop();
  });

  it('ATC-01 five quick clicks whose code comes later than the hold limit follow the link once, asking for five', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    await bootPage(`<a id="add" class="${widget.name}" href="/?add-to-cart=10&amp;quantity=2">Add</a>`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (let i = 0; i < 5; i++) document.getElementById('add')!.click();
      await pastTheHoldLimit();
    } finally {
      vi.useRealTimers();
    }
    // Five presses of a link that asks for 2 each: one page load asking for 10.
    expect(page.followed).toEqual([`${location.origin}/?add-to-cart=10&quantity=10`]);
    release();
    await settled();
    expect(handled).toEqual([]);
    page.stop();
  });

  it('when the code is later than the hold limit, the server default runs once and the widget stays unmounted', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    await bootPage(`<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      document.getElementById('add')!.click();
      await vi.advanceTimersByTimeAsync(HOLD_LIMIT_MS - 100);
      await realTurns();
      expect(page.count).toBe(0);
      await vi.advanceTimersByTimeAsync(200);
      await realTurns();
      expect(page.count).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    release();
    await settled();
    expect(handled).toEqual([]);
    expect(report().find((row) => row.widget === widget.name)?.state).toBe('failed');
    page.stop();
  });

  it('a widget that holds an event only to keep it in order (the variation form) is not given up when late: the event goes on once, and the widget mounts when its code comes', async () => {
    const { widget, handled, release } = clickCounter();
    ORDER_ONLY.add(widget.name);
    const page = defaultsRun();
    await bootPage(`<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      document.getElementById('add')!.click();
      await pastTheHoldLimit();
      expect(page.count).toBe(1);
      expect(document.getElementById('add')!.getAttribute('aria-busy')).toBeNull();
    } finally {
      vi.useRealTimers();
      ORDER_ONLY.delete(widget.name);
    }
    release();
    await settled();
    expect(report().find((row) => row.widget === widget.name)?.state).toBe('mounted');
    // Mounted, it takes the next press itself.
    document.getElementById('add')!.click();
    expect(handled).toHaveLength(1);
    expect(page.count).toBe(1);
    page.stop();
  });

  it('a modified click (new tab) is never held', async () => {
    const { widget, release } = clickCounter();
    const page = defaultsRun();
    await bootPage(`<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`);
    document.getElementById('add')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(page.count).toBe(1);
    page.stop();
    release();
    await settled();
  });

  it('MCR-01 a held click whose link the page replaced meanwhile (fresh cart fragments) acts once on the link now in its place', async () => {
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    const served = `<a id="remove" class="${widget.name}" href="/?remove_item=abc" data-cart_item_key="abc"><span id="icon">×</span></a>`;
    const other = `<a id="other" class="${widget.name}" href="/?remove_item=def" data-cart_item_key="def">×</a>`;
    await bootPage(`<div id="mini-cart">${other}${served}</div>`);
    document.getElementById('icon')!.click();
    // The fragments' markup, as the server renders it, in place of the old.
    document.getElementById('mini-cart')!.innerHTML = other + served;
    release();
    await waitFor(() => expect(handled).toEqual(['icon']));
    await settled();
    // Handled by the new link's own widget (the old one never mounts), not the line beside it; nothing left busy.
    expect(document.getElementById('icon')!.isConnected).toBe(true);
    expect(document.querySelectorAll('.loading, [aria-busy]')).toHaveLength(0);
    expect(page.count).toBe(0);
    page.stop();
  });

  it('MCR-03 a held click whose link the page dropped, with nothing in its place, follows its address', async () => {
    const { widget, handled, release } = clickCounter();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    await bootPage(`<div id="mini-cart"><a id="remove" class="${widget.name}" href="/?remove_item=abc" data-cart_item_key="abc">×</a></div>`);
    document.getElementById('remove')!.click();
    document.getElementById('mini-cart')!.innerHTML = '<p>Your cart is empty.</p>';
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/?remove_item=abc`));
    await settled();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(handled).toEqual([]);
  });

  it('MCR-03 a held click whose link the page replaced, with the code later than the hold limit: the link in its place is followed once, after one limit', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    const served = `<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`;
    await bootPage(`<div id="listing">${served}</div>`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (let i = 0; i < 3; i++) document.getElementById('add')!.click();
      document.getElementById('listing')!.innerHTML = served;
      await pastTheHoldLimit();
      // Three presses, one page load asking for three, from the link now in the page.
      expect(page.followed).toEqual([`${location.origin}/?add-to-cart=10&quantity=3`]);
    } finally {
      vi.useRealTimers();
    }
    release();
    await settled();
    expect(handled).toEqual([]);
    page.stop();
  });

  it('ATC-01 when the code fails, presses before and after the page replaced the link run its default once, asking for all of them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { widget } = clickCounter({
      module: async () => {
        throw new TypeError('Failed to fetch dynamically imported module');
      },
    });
    const page = defaultsRun();
    const served = `<a id="add" class="${widget.name}" href="/?add-to-cart=10">Add</a>`;
    await bootPage(`<div id="listing">${served}</div>`);
    for (let i = 0; i < 2; i++) document.getElementById('add')!.click();
    document.getElementById('listing')!.innerHTML = served;
    await Promise.resolve(); // the page's observer sees the new link before the next press, as it does between a shopper's
    for (let i = 0; i < 3; i++) document.getElementById('add')!.click();
    await waitFor(() => expect(page.count).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.followed).toEqual([`${location.origin}/?add-to-cart=10&quantity=5`]);
    page.stop();
  });

  it('MCR-01 a held click on an icon in a list the page replaced whole, its rows in another order, reaches the icon of the row pressed', async () => {
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    const row = (name: string) => `<li><a href="/?remove_item=${name}" data-cart_item_key="${name}"><span>×</span></a></li>`;
    await bootPage(`<div id="mini-cart"><ul class="${widget.name}" data-kind="cart">${row('one')}${row('two')}</ul></div>`);
    document.querySelector('[data-cart_item_key="two"] span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.getElementById('mini-cart')!.innerHTML = `<ul class="${widget.name}" data-kind="cart">${row('two')}${row('one')}</ul>`;
    release();
    await waitFor(() => expect(handled).toHaveLength(1));
    expect(clickTargets.at(-1)).toBe(document.querySelector('[data-cart_item_key="two"] span'));
    expect(page.count).toBe(0);
    page.stop();
  });

  it('a held "Update cart" in a form the page rendered again sends what the shopper typed, not the served quantities', async () => {
    const { widget, handled, release } = clickCounter();
    const served = `<form class="woocommerce-cart-form"><input type="hidden" name="_wpnonce" value="fresh"><input name="cart[abc][qty]" type="number" value="1"><button id="update" class="${widget.name}" name="update_cart" value="Update cart">Update cart</button></form>`;
    await bootPage(`<div id="cart">${served.replace('fresh', 'stale')}</div>`);
    (document.querySelector('input[type="number"]') as HTMLInputElement).value = '4';
    document.getElementById('update')!.click();
    document.getElementById('cart')!.innerHTML = served;
    release();
    await waitFor(() => expect(handled).toEqual(['update']));
    expect((document.querySelector('input[type="number"]') as HTMLInputElement).value).toBe('4');
    // What the shopper did not touch stays as the server wrote it again.
    expect((document.querySelector('input[name="_wpnonce"]') as HTMLInputElement).value).toBe('fresh');
  });

  it('MCR-01 a held click inside a widget whose rows the page re-rendered in another order reaches the row the shopper pressed', async () => {
    const { widget, handled, release } = clickCounter();
    const page = defaultsRun();
    const row = (name: string) => `<li><a id="${name}" href="/?remove_item=${name}" data-cart_item_key="${name}"><span>×</span></a></li>`;
    await bootPage(`<ul class="${widget.name}">${row('one')}${row('two')}</ul>`);
    document.querySelector('#two span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.querySelector('ul')!.innerHTML = row('two') + row('one');
    release();
    await waitFor(() => expect(handled).toHaveLength(1));
    await settled();
    const pressed = document.querySelector('ul')!.children[0]!.querySelector('span');
    expect(handled).toEqual(['']);
    expect(clickTargets.at(-1)).toBe(pressed);
    expect(page.count).toBe(0);
    page.stop();
  });

  it('ATC-01 a held submit whose form the page replaced is sent from the form in its place, with its button and what the shopper typed', async () => {
    const submitted: string[] = [];
    submissions = submitted;
    const { release, arriving } = lateModule(AjaxForm as never);
    const widget = testWidget({ load: 'visible', hold: ['submit'], module: arriving });
    registerWidget(widget);
    const served = `<form class="${widget.name} cart" action="/product/mug/"><input name="quantity" type="number" value="1"><button name="add-to-cart" value="10">Add</button></form>`;
    await bootPage(`<div id="summary">${served}</div>`);
    (document.querySelector('input[name="quantity"]') as HTMLInputElement).value = '3';
    document.querySelector('button')!.click();
    document.getElementById('summary')!.innerHTML = served;
    release();
    await waitFor(() => expect(submitted).toEqual(['10']));
    expect((document.querySelector('input[name="quantity"]') as HTMLInputElement).value).toBe('3');
  });

  it('VAR-03 a choice held on a select the page replaced without that choice is not made, and the console says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const chosen: string[] = [];
    choices = chosen;
    const { release, arriving } = lateModule(Chooser);
    const widget = testWidget({ load: 'visible', hold: ['change'], module: arriving });
    registerWidget(widget);
    await bootPage(`<form id="f"><select class="${widget.name}" name="orderby"><option value="menu_order">Default</option><option value="price">Price</option></select></form>`);
    const select = document.querySelector('select')!;
    select.value = 'price';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    document.getElementById('f')!.innerHTML = `<select class="${widget.name}" name="orderby"><option value="menu_order">Default</option></select>`;
    release();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot take the choice'), expect.anything()));
    await settled();
    expect(chosen).toEqual([]);
    expect(document.querySelectorAll('[aria-busy]')).toHaveLength(0);
  });

  it('VAR-03 a choice held on a select the page replaced meanwhile is made on the select now in its place', async () => {
    const chosen: string[] = [];
    choices = chosen;
    const { release, arriving } = lateModule(Chooser);
    const widget = testWidget({ load: 'visible', hold: ['change'], module: arriving });
    registerWidget(widget);
    const served = `<select class="${widget.name}" name="attribute_pa_colour"><option value="">Choose</option><option value="blue">Blue</option></select>`;
    await bootPage(`<form id="f">${served}</form>`);
    const select = document.querySelector('select')!;
    select.value = 'blue';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    document.getElementById('f')!.innerHTML = served;
    release();
    await waitFor(() => expect(chosen).toEqual(['blue']));
    expect(document.querySelector('select')!.value).toBe('blue');
  });

  it('a change triggered with jQuery before the widget\'s code came (an address lookup) is held and replayed to it; jQuery\'s handlers hear it once', async () => {
    const $ = jQueryFactory as unknown as JQ;
    (window as unknown as { jQuery?: JQ }).jQuery = $;
    resetJQueryBridgeForTests();
    installJQueryBridge();
    try {
      const chosen: string[] = [];
      choices = chosen;
      const { release, arriving } = lateModule(Chooser);
      const widget = testWidget({ load: 'visible', hold: ['change'], module: arriving });
      registerWidget(widget);
      await bootPage(`<form id="f"><select class="${widget.name}" name="billing_country"><option value="US">US</option><option value="CA">Canada</option></select></form>`);
      let jqueryHeard = 0;
      $(document.body).on('change', () => {
        jqueryHeard += 1;
      });
      $('select').val('CA').trigger('change');
      release();
      await waitFor(() => expect(chosen).toEqual(['CA']));
      await settled();
      expect(jqueryHeard).toBe(1);
    } finally {
      $(document.body).off();
      delete (window as unknown as { jQuery?: JQ }).jQuery;
    }
  });

  it('a held submit is replayed as a submit once the form widget has mounted', async () => {
    const submitted: string[] = [];
    submissions = submitted;
    const { release, arriving } = lateModule(AjaxForm as never);
    const widget = testWidget({ load: 'visible', hold: ['submit'], module: arriving });
    registerWidget(widget);
    const posted = vi.fn((event: Event) => event.preventDefault());
    await bootPage(`<form class="${widget.name}"><button name="add-to-cart" value="10">Add</button></form>`);
    document.addEventListener('submit', posted);
    document.querySelector('button')!.click();
    expect(posted).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(submitted).toEqual(['10']));
    document.removeEventListener('submit', posted);
  });
});

describe('takeover', () => {
  it('replace: the live markup takes the server element\'s place (no hidden copy left), which comes back on unmount', async () => {
    const widget = testWidget({ takeover: 'replace', module: async () => ({ default: Live }) });
    registerWidget(widget);
    await bootPage(`<div id="header"><form class="${widget.name} search-form"></form></div>`);
    await waitForMount(widget.name);
    expect(document.querySelectorAll('#header form.search-form')).toHaveLength(1);
    expect(document.querySelector('#header form.search-form')?.classList.contains('live')).toBe(true);
    resetMounts();
    expect(document.querySelector('#header form.search-form')?.classList.contains(widget.name)).toBe(true);
  });

  it('cover: a form control stays in its form, hidden, so it still posts its value', async () => {
    const widget = testWidget({ takeover: 'cover', module: async () => ({ default: Stars }) });
    registerWidget(widget);
    await bootPage(`<form id="f"><select name="rating" class="${widget.name}"><option value="4" selected>4</option></select></form>`);
    await waitForMount(widget.name);
    const form = document.getElementById('f') as HTMLFormElement;
    expect(form.querySelector('p.stars')).not.toBeNull();
    expect(form.querySelector('select')?.hidden).toBe(true);
    expect(new FormData(form).get('rating')).toBe('4');
  });

  it('cover and replace: a shopper on the server control when the widget takes it over lands on the widget\'s control', async () => {
    const widget = testWidget({ takeover: 'cover', module: async () => ({ default: StarButtons }) });
    registerWidget(widget);
    await bootPage(`<form id="f"><select name="rating" class="${widget.name}"><option value="2" selected>2</option></select></form>`, {
      beforeScan: () => document.querySelector('select')!.focus(),
    });
    await waitForMount(widget.name);
    expect(document.activeElement?.tagName).toBe('BUTTON');
    expect(document.activeElement?.textContent).toBe('2');
  });

  it('cover: a widget taking over an element the shopper is not on leaves the focus where it is', async () => {
    const widget = testWidget({ takeover: 'cover', module: async () => ({ default: StarButtons }) });
    registerWidget(widget);
    await bootPage(`<form id="f"><input id="name"><select name="rating" class="${widget.name}"><option value="2" selected>2</option></select></form>`, {
      beforeScan: () => document.getElementById('name')!.focus(),
    });
    await waitForMount(widget.name);
    expect(document.activeElement?.id).toBe('name');
  });
});
