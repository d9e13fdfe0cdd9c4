import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueue } from '../../../src/http/queue';
import { wcAjax } from '../../../src/http/wc-ajax';
import { deferred, flush, mockFetch, text } from './fetch-mock';

afterEach(() => vi.unstubAllGlobals());

describe('createQueue', () => {
  it('ATC-03 does not start the second request before the first settles', async () => {
    const queue = createQueue();
    const answers = [deferred<Response>(), deferred<Response>()];
    const requests = mockFetch((_request, index) => answers[index]!.promise);
    const first = queue.enqueue(() => wcAjax('add_to_cart', { product_id: 10 }));
    const second = queue.enqueue(() => wcAjax('remove_from_cart', { cart_item_key: 'abc' }));
    await flush();
    expect(requests.map((request) => request.url)).toEqual(['/?wc-ajax=add_to_cart']);
    expect(queue.size).toBe(2);
    answers[0]!.resolve(text('{"cart_hash":"1"}'));
    await expect(first).resolves.toEqual({ cart_hash: '1' });
    await flush();
    expect(requests.map((request) => request.url)).toEqual(['/?wc-ajax=add_to_cart', '/?wc-ajax=remove_from_cart']);
    answers[1]!.resolve(text('{"cart_hash":"2"}'));
    await expect(second).resolves.toEqual({ cart_hash: '2' });
    expect(queue.size).toBe(0);
  });

  it('ATC-03 keeps click order for many concurrent tasks', async () => {
    const queue = createQueue();
    const log: string[] = [];
    const gates = [deferred<void>(), deferred<void>(), deferred<void>()];
    const runs = gates.map((gate, index) =>
      queue.enqueue(async () => {
        log.push(`start ${index}`);
        await gate.promise;
        log.push(`end ${index}`);
        return index;
      }),
    );
    // Open the gates in reverse; the queue must still run 0, 1, 2 one at a time.
    gates[2]!.resolve();
    gates[1]!.resolve();
    await flush();
    expect(log).toEqual(['start 0']);
    gates[0]!.resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('ATC-03 a rejected task does not block the next', async () => {
    const queue = createQueue();
    const failed = queue.enqueue(async () => {
      throw new Error('boom');
    });
    const thrown = queue.enqueue(() => {
      throw new Error('sync boom');
    });
    const next = queue.enqueue(async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync boom');
    await expect(next).resolves.toBe('ran');
  });

  it('idle() resolves only when every task has settled', async () => {
    const queue = createQueue();
    await expect(queue.idle()).resolves.toBeUndefined();
    const gate = deferred<void>();
    const done = queue.enqueue(() => gate.promise);
    let idle = false;
    const waiting = queue.idle().then(() => {
      idle = true;
    });
    await flush();
    expect(idle).toBe(false);
    expect(queue.size).toBe(1);
    gate.resolve();
    await done;
    await waiting;
    expect(idle).toBe(true);
    expect(queue.size).toBe(0);
  });
});
