// The image-host selector's pieces with scripted probes (no network): the race and its cancellations, the probe
// URL, each probe's failure message, the selector's options, streams and refusals.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { DomPort, ErrorReport } from '../../../core/platform/types.js';
import { createStore } from '../../../core/storage/namespaced-store.js';
import {
  createImageHostSelector,
  defaultImageProbe,
  domImageProbe,
  fetchImageProbe,
  IMAGE_HOST_STORAGE_KEY,
  ImageProbeFailedError,
  probeImageUrl,
  raceImageHosts,
} from '../../../core/image-hosts/index.js';
import type { ImageProbe } from '../../../core/image-hosts/index.js';
import { invalid } from '../../support/invalid-argument.js';

afterEach(() => vi.restoreAllMocks());

/** A probe whose loads the test settles by URL; records each URL and whether its signal was aborted. */
function scriptedProbe() {
  const loads = new Map<string, { resolve: () => void; reject: (e: unknown) => void; signal: AbortSignal }>();
  const probe: ImageProbe = (url, signal) =>
    new Promise<void>((resolve, reject) => {
      loads.set(url, { resolve, reject, signal });
    });
  return { probe, loads };
}

describe('the probe URL', () => {
  it('joins host and path with one slash, however many they carry', () => {
    expect(probeImageUrl('https://a.test///', '///p.gif')).toBe('https://a.test/p.gif');
    expect(probeImageUrl('https://a.test', 'p.gif', 0)).toBe('https://a.test/p.gif?_t=0');
    expect(probeImageUrl('https://a.test/', 'static/p.gif')).toBe('https://a.test/static/p.gif');
  });

  it('refuses a host, path or stamp of the wrong type', () => {
    expect(() => probeImageUrl(1 as never, 'p')).toThrow(invalid('host', 'probeImageUrl: host must be a string, got 1'));
    expect(() => probeImageUrl('h', null as never)).toThrow(invalid('probePath', 'probeImageUrl: probePath must be a string, got null'));
    expect(() => probeImageUrl('h', 'p', '1' as never)).toThrow(invalid('stamp', 'probeImageUrl: stamp must be a number, got "1"'));
  });
});

describe('probe failures name the URL and what went wrong', () => {
  it('ImageProbeFailedError carries the URL', () => {
    expect(new ImageProbeFailedError('https://a.test/p.gif', 'failed to load')).toMatchObject({
      name: 'ImageProbeFailedError',
      code: 'IMAGE_PROBE_FAILED',
      msg: 'https://a.test/p.gif failed to load',
      extra: { url: 'https://a.test/p.gif' },
    });
  });

  it('the fetch probe asks past the cache, stops the download, and names the status', async () => {
    const calls: unknown[] = [];
    let cancelled = 0;
    const fetchFn = (async (url: string, init: RequestInit) => {
      calls.push([url, init.cache, init.signal instanceof AbortSignal]);
      const response = new Response('bytes', { status: 503 });
      const cancel = response.body!.cancel.bind(response.body);
      response.body!.cancel = (reason?: unknown) => (cancelled++, cancel(reason));
      return response;
    }) as unknown as typeof fetch;
    await expect(fetchImageProbe(fetchFn)('https://a.test/p.gif', new AbortController().signal)).rejects.toMatchObject({
      msg: 'https://a.test/p.gif answered 503',
    });
    expect(calls).toEqual([['https://a.test/p.gif', 'no-store', true]]);
    expect(cancelled).toBe(1);
    const ok = (async () => new Response(null, { status: 204 })) as unknown as typeof fetch;
    await expect(fetchImageProbe(ok)('https://a.test/p.gif', new AbortController().signal)).resolves.toBeUndefined();
  });

  it('the Image probe: a window without Image, a signal already aborted, an error, a cancel', async () => {
    const none = { window: {}, document: {} } as unknown as DomPort;
    await expect(domImageProbe(none)('u', new AbortController().signal)).rejects.toMatchObject({
      msg: 'u cannot load: the window has no Image',
    });
    const images: { src: string; removed: boolean; onload: (() => void) | null; onerror: (() => void) | null }[] = [];
    class FakeImage {
      src = '';
      removed = false;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        images.push(this);
      }
      removeAttribute(name: string) {
        if (name === 'src') this.removed = true;
      }
    }
    const dom = { window: { Image: FakeImage }, document: {} } as unknown as DomPort;
    const aborted = new AbortController();
    aborted.abort();
    await expect(domImageProbe(dom)('a', aborted.signal)).rejects.toMatchObject({ msg: 'a was cancelled' });
    expect(images[0]!.src).toBe('');
    const failing = domImageProbe(dom)('b', new AbortController().signal);
    images[1]!.onerror!();
    await expect(failing).rejects.toMatchObject({ msg: 'b failed to load' });
    expect(images[1]!.onload).toBeNull();
    const controller = new AbortController();
    const loading = domImageProbe(dom)('c', controller.signal);
    images[2]!.onload!();
    await expect(loading).resolves.toBeUndefined();
    controller.abort();
    expect(images[2]!.removed).toBe(false);
  });

  it('the default probe fetches where the DOM has no Image, and needs a platform with fetch', async () => {
    const fetched: string[] = [];
    const fetchFn = (async (url: string) => (fetched.push(url), new Response('x'))) as unknown as typeof fetch;
    const platform = memoryPlatform({ fetch: fetchFn, dom: { window: {}, document: {} } as unknown as DomPort });
    await defaultImageProbe(platform)('https://a.test/p.gif', new AbortController().signal);
    expect(fetched).toEqual(['https://a.test/p.gif']);
    expect(() => defaultImageProbe({} as never)).toThrow(invalid('platform.fetch'));
  });
});

describe('raceImageHosts', () => {
  it('the first host to load wins, and every other probe is aborted', async () => {
    const platform = memoryPlatform();
    const { probe, loads } = scriptedProbe();
    const seen: (string | null)[] = [];
    raceImageHosts(['a', 'b', 'c'], { probe, timers: platform.timers, probeUrl: (h) => `${h}/p` }).subscribe((v) => seen.push(v));
    expect([...loads.keys()]).toEqual(['a/p', 'b/p', 'c/p']);
    loads.get('a/p')!.reject(new Error('dead'));
    await Promise.resolve();
    loads.get('b/p')!.resolve();
    await vi.waitFor(() => expect(seen).toEqual(['b']));
    expect(loads.get('c/p')!.signal.aborted).toBe(true);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('all probes failing gives null before the time-out', async () => {
    const platform = memoryPlatform();
    const { probe, loads } = scriptedProbe();
    const seen: (string | null)[] = [];
    raceImageHosts(['a', 'b'], { probe, timers: platform.timers, probeUrl: (h) => h, timeoutMs: 1_000 }).subscribe((v) => seen.push(v));
    loads.get('a')!.reject(new Error('x'));
    loads.get('b')!.reject(new Error('y'));
    await vi.waitFor(() => expect(seen).toEqual([null]));
    expect(platform.clock.now()).toBe(0);
  });

  it('the time-out gives null and aborts every probe', () => {
    const platform = memoryPlatform();
    const { probe, loads } = scriptedProbe();
    const seen: (string | null)[] = [];
    raceImageHosts(['a'], { probe, timers: platform.timers, probeUrl: (h) => h, timeoutMs: 50 }).subscribe((v) => seen.push(v));
    platform.advance(49);
    expect(seen).toEqual([]);
    platform.advance(1);
    expect(seen).toEqual([null]);
    expect(loads.get('a')!.signal.aborted).toBe(true);
  });

  it('a throwing subscriber is reported under raceImageHosts', () => {
    const platform = memoryPlatform();
    const reports: ErrorReport[] = [];
    raceImageHosts([], {
      probe: () => Promise.resolve(),
      timers: platform.timers,
      probeUrl: (h) => h,
      errors: { report: (r) => void reports.push(r) },
    }).subscribe(() => {
      throw new Error('x');
    });
    expect(reports.map((r) => (r.data as { callback: string }).callback)).toEqual(['raceImageHosts subscriber']);
  });

  it('refuses hosts, probe, probeUrl, errors or options of the wrong kind', () => {
    const timers = memoryPlatform().timers;
    const probe = () => Promise.resolve();
    const probeUrl = (h: string) => h;
    expect(() => raceImageHosts('a' as never, { probe, timers, probeUrl })).toThrow(
      invalid('hosts', 'raceImageHosts: hosts must be an array of host URLs, got "a"'),
    );
    expect(() => raceImageHosts(['a', 1] as never, { probe, timers, probeUrl })).toThrow(invalid('hosts'));
    expect(() => raceImageHosts([], { probe: 'x', timers, probeUrl } as never)).toThrow(
      invalid('options.probe', 'raceImageHosts: options.probe must be a function, got "x"'),
    );
    expect(() => raceImageHosts([], { probe, timers, probeUrl: 'x' } as never)).toThrow(invalid('options.probeUrl'));
    expect(() => raceImageHosts([], { probe, timers, probeUrl, errors: {} } as never)).toThrow(
      invalid('options.errors', 'raceImageHosts: options.errors must be an error reporter, got an object'),
    );
    expect(() => raceImageHosts([], null as never)).toThrow(invalid('options'));
  });
});

describe('createImageHostSelector with scripted probes', () => {
  const options = (probe: ImageProbe, extra: object = {}) => ({
    candidates: ['https://a.test', 'https://b.test'],
    defaultHost: 'https://default.test',
    probePath: '/p.gif',
    probe,
    ...extra,
  });

  it('stores the winner under image-host in the common area', async () => {
    expect(IMAGE_HOST_STORAGE_KEY).toBe('image-host');
    const platform = memoryPlatform({ now: 5 });
    const { probe, loads } = scriptedProbe();
    const selector = createImageHostSelector(platform, options(probe));
    const result = selector.probe();
    expect([...loads.keys()]).toEqual(['https://a.test/p.gif?_t=5', 'https://b.test/p.gif?_t=5']);
    loads.get('https://b.test/p.gif?_t=5')!.resolve();
    await expect(result).resolves.toBe('https://b.test');
    expect(platform.localStorage.getItem('exkit:common:v1:image-host')).toBe('{"v":"https://b.test"}');
  });

  it('cacheBust: false probes the bare URL', () => {
    const { probe, loads } = scriptedProbe();
    void createImageHostSelector(memoryPlatform(), options(probe, { cacheBust: false })).probe();
    expect([...loads.keys()]).toEqual(['https://a.test/p.gif', 'https://b.test/p.gif']);
  });

  it('the time-out given applies to the race', async () => {
    const platform = memoryPlatform();
    const { probe } = scriptedProbe();
    const result = createImageHostSelector(platform, options(probe, { timeoutMs: 30 })).probe();
    platform.advance(30);
    await expect(result).resolves.toBe('https://default.test');
  });

  it('start with a saved winner answers at once, re-probes once in the background, and shares that race', async () => {
    const platform = memoryPlatform();
    createStore(platform, 'common').set(IMAGE_HOST_STORAGE_KEY, 'https://b.test');
    const { probe, loads } = scriptedProbe();
    const selector = createImageHostSelector(platform, options(probe, { cacheBust: false }));
    expect(selector.host).toBe('https://b.test');
    await expect(selector.start()).resolves.toBe('https://b.test');
    expect(loads.size).toBe(2);
    const shared = selector.probe();
    expect(loads.size).toBe(2);
    loads.get('https://a.test/p.gif')!.resolve();
    await expect(shared).resolves.toBe('https://a.test');
    expect(selector.host).toBe('https://a.test');
  });

  it('start without a saved winner waits for the race', async () => {
    const { probe, loads } = scriptedProbe();
    const selector = createImageHostSelector(memoryPlatform(), options(probe, { cacheBust: false }));
    const started = selector.start();
    let settled = false;
    void started.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    loads.get('https://a.test/p.gif')!.resolve();
    await expect(started).resolves.toBe('https://a.test');
  });

  it('host$ tells each change once, reports a throwing subscriber under imageHosts.host$, and completes on dispose', async () => {
    const platform = memoryPlatform();
    const { probe, loads } = scriptedProbe();
    const selector = createImageHostSelector(platform, options(probe, { cacheBust: false }));
    const seen: string[] = [];
    let completed = false;
    selector.host$.subscribe({ next: (h) => seen.push(h), complete: () => (completed = true) });
    selector.host$.subscribe(() => {
      throw new Error('x');
    });
    const result = selector.probe();
    loads.get('https://a.test/p.gif')!.resolve();
    await result;
    selector.dispose();
    expect(seen).toEqual(['https://default.test', 'https://a.test']);
    expect(completed).toBe(true);
    expect(platform.reports.map((r) => (r.data as { callback: string }).callback)).toEqual([
      'imageHosts.host$ subscriber',
      'imageHosts.host$ subscriber',
    ]);
    await expect(selector.start()).resolves.toBe('https://a.test');
    expect(loads.size).toBe(2);
  });

  it('a new race may start once the last one is over', async () => {
    const { probe, loads } = scriptedProbe();
    const selector = createImageHostSelector(memoryPlatform(), options(probe, { cacheBust: false }));
    const first = selector.probe();
    loads.get('https://a.test/p.gif')!.resolve();
    await first;
    loads.clear();
    void selector.probe();
    expect(loads.size).toBe(2);
  });

  it('refuses options that are not an object, and a platform without timers', () => {
    expect(() => createImageHostSelector(memoryPlatform(), null as never)).toThrow(invalid('options'));
    expect(() =>
      createImageHostSelector(
        { clock: {}, localStorage: {} } as never,
        options(() => Promise.resolve()),
      ),
    ).toThrow(invalid('platform.timers'));
  });
});
