import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryBrowser, memoryPlatform } from '../../../core/platform/memory-platform.js';
import type { DomPort } from '../../../core/platform/types.js';
import { createStore } from '../../../core/storage/namespaced-store.js';
import {
  createImageHostSelector,
  defaultImageProbe,
  domImageProbe,
  fetchImageProbe,
  IMAGE_HOST_STORAGE_KEY,
  IMAGE_PROBE_TIMEOUT_MS,
  ImageProbeFailedError,
  probeImageUrl,
  raceImageHosts,
} from '../../../core/image-hosts/index.js';
import { imageServer } from './loopback.js';
import type { Behaviour, ImageServer } from './loopback.js';

const DEFAULT_HOST = 'https://static.example.com';
const PROBE_PATH = '/static/probe.gif';
const servers: ImageServer[] = [];

async function hosts(...behaviours: Behaviour[]): Promise<ImageServer[]> {
  const made = await Promise.all(behaviours.map((b) => imageServer(b)));
  servers.push(...made);
  return made;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function selector(platform = memoryPlatform(), candidates: string[], timeoutMs?: number) {
  return createImageHostSelector(platform, {
    candidates,
    defaultHost: DEFAULT_HOST,
    probePath: PROBE_PATH,
    probe: fetchImageProbe(platform.fetch),
    timeoutMs,
  });
}

describe('image hosts — spec §S7: "each candidate is probed by loading a static image; the fastest wins and is saved"', () => {
  it('picks the fastest host that succeeds over real loopback servers, and saves it', async () => {
    const [slow, fast, broken] = await hosts({ kind: 'ok', delayMs: 400 }, { kind: 'ok', delayMs: 30 }, { kind: 'fail' });
    const platform = memoryPlatform();
    const s = selector(platform, [slow!.origin, fast!.origin, broken!.origin]);
    expect(s.host).toBe(DEFAULT_HOST);
    await expect(s.start()).resolves.toBe(fast!.origin);
    expect(s.host).toBe(fast!.origin);
    expect(createStore(platform, 'common').get(IMAGE_HOST_STORAGE_KEY, null)).toBe(fast!.origin);
    // Every candidate was asked for the probe image.
    for (const server of [slow, fast, broken]) expect(server!.requests[0]).toMatch(/^\/static\/probe\.gif\?_t=\d+$/);
  });

  it('a host that fails fast does not win: failures are ignored, not raced', async () => {
    const [broken, ok] = await hosts({ kind: 'fail' }, { kind: 'ok', delayMs: 60 });
    await expect(selector(undefined, [broken!.origin, ok!.origin]).probe()).resolves.toBe(ok!.origin);
  });

  it('cancels the late probes once a winner is known', async () => {
    const [slow, fast] = await hosts({ kind: 'ok', delayMs: 2_000 }, { kind: 'ok', delayMs: 20 });
    await selector(undefined, [slow!.origin, fast!.origin]).probe();
    await vi.waitFor(() => expect(slow!.aborted).toBe(1), { timeout: 1_500 });
    expect(slow!.served).toBe(0);
  });

  it('"when all fail the default host is used", and the saved winner is forgotten', async () => {
    const [a, b] = await hosts({ kind: 'fail' }, { kind: 'fail' });
    const platform = memoryPlatform();
    createStore(platform, 'common').set(IMAGE_HOST_STORAGE_KEY, a!.origin);
    const s = selector(platform, [a!.origin, b!.origin]);
    await expect(s.probe()).resolves.toBe(DEFAULT_HOST);
    expect(s.host).toBe(DEFAULT_HOST);
    expect(createStore(platform, 'common').get(IMAGE_HOST_STORAGE_KEY, null)).toBeNull();
  });

  it('gives up at the time-out on the platform timers, uses the default host and cancels the hung probe', async () => {
    const [hung] = await hosts({ kind: 'hang' });
    const platform = memoryPlatform();
    const s = selector(platform, [hung!.origin], 5_000);
    const result = s.probe();
    await vi.waitFor(() => expect(hung!.requests).toHaveLength(1));
    await platform.advanceAsync(4_999);
    expect(s.host).toBe(DEFAULT_HOST);
    let settled = false;
    void result.then(() => (settled = true));
    await platform.advanceAsync(0);
    expect(settled).toBe(false);
    await platform.advanceAsync(1);
    await expect(result).resolves.toBe(DEFAULT_HOST);
    await vi.waitFor(() => expect(hung!.aborted).toBe(1));
  });

  it('the time-out defaults to the HTTP time-out of spec §S9 (10000 ms)', async () => {
    expect(IMAGE_PROBE_TIMEOUT_MS).toBe(10_000);
    const platform = memoryPlatform();
    const never = () => new Promise<void>(() => undefined);
    const seen: (string | null)[] = [];
    raceImageHosts(['https://a.test'], { probe: never, timers: platform.timers, probeUrl: (h) => h }).subscribe((v) => seen.push(v));
    platform.advance(9_999);
    expect(seen).toEqual([]);
    platform.advance(1);
    expect(seen).toEqual([null]);
  });

  it('with no candidates the default host is used at once', async () => {
    await expect(selector(undefined, []).start()).resolves.toBe(DEFAULT_HOST);
  });
});

describe('"the saved winner is used at once on the next start and re-probed in the background"', () => {
  it('starts on the saved winner before any probe answers, then moves to the new fastest host', async () => {
    const [first, second] = await hosts({ kind: 'ok', delayMs: 10 }, { kind: 'ok', delayMs: 300 });
    const browser = new MemoryBrowser(1_000);
    const before = selector(memoryPlatform({ browser }), [first!.origin, second!.origin]);
    expect(await before.start()).toBe(first!.origin);

    // Next start (a new page in the same browser): the first host has become slow.
    first!.behaviour = { kind: 'ok', delayMs: 1_500 };
    second!.behaviour = { kind: 'ok', delayMs: 10 };
    const platform = memoryPlatform({ browser });
    const next = selector(platform, [first!.origin, second!.origin]);
    expect(next.host).toBe(first!.origin);
    const seen: string[] = [];
    next.host$.subscribe((h) => seen.push(h));
    await expect(next.start()).resolves.toBe(first!.origin);
    await vi.waitFor(() => expect(next.host).toBe(second!.origin));
    expect(seen).toEqual([first!.origin, second!.origin]);
    expect(createStore(platform, 'common').get(IMAGE_HOST_STORAGE_KEY, null)).toBe(second!.origin);
  });

  it('ignores a saved host that is no longer a candidate', () => {
    const platform = memoryPlatform();
    createStore(platform, 'common').set(IMAGE_HOST_STORAGE_KEY, 'https://retired.example.com');
    expect(selector(platform, ['https://a.example.com']).host).toBe(DEFAULT_HOST);
  });

  it('dispose() cancels a probe in flight and settles its caller with the host in use; later probes do not run', async () => {
    const [slow] = await hosts({ kind: 'ok', delayMs: 2_000 });
    const s = selector(undefined, [slow!.origin]);
    const result = s.probe();
    await vi.waitFor(() => expect(slow!.requests).toHaveLength(1));
    s.dispose();
    await expect(result).resolves.toBe(DEFAULT_HOST);
    await vi.waitFor(() => expect(slow!.aborted).toBe(1));
    await expect(s.probe()).resolves.toBe(DEFAULT_HOST);
    expect(slow!.requests).toHaveLength(1);
  });

  it('shares one race between concurrent callers', async () => {
    const [ok] = await hosts({ kind: 'ok', delayMs: 20 });
    const s = selector(undefined, [ok!.origin]);
    const [a, b] = await Promise.all([s.probe(), s.probe()]);
    expect([a, b]).toEqual([ok!.origin, ok!.origin]);
    expect(ok!.requests).toHaveLength(1);
  });
});

describe('probes — "an Image in the browser, a fetch elsewhere"', () => {
  it('builds the probe URL from host and path, with a cache-busting _t stamp', () => {
    expect(probeImageUrl('https://a.test/', '/p.gif')).toBe('https://a.test/p.gif');
    expect(probeImageUrl('https://a.test', 'p.gif', 7)).toBe('https://a.test/p.gif?_t=7');
    expect(probeImageUrl('https://a.test', 'p.gif?v=2', 7)).toBe('https://a.test/p.gif?v=2&_t=7');
  });

  it('the fetch probe rejects a non-OK answer with ImageProbeFailedError', async () => {
    const [broken] = await hosts({ kind: 'fail' });
    const error = await fetchImageProbe(globalThis.fetch)(`${broken!.origin}/x.gif`, new AbortController().signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImageProbeFailedError);
    expect(error).toMatchObject({ name: 'ImageProbeFailedError', code: 'IMAGE_PROBE_FAILED' });
  });

  // A scripted Image element: records the sources it is given and lets the test fire load or error.
  function fakeDom() {
    const images: FakeImage[] = [];
    class FakeImage {
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      src = '';
      removed = false;
      constructor() {
        images.push(this);
      }
      removeAttribute(name: string) {
        if (name === 'src') this.removed = true;
      }
    }
    const dom = { window: { Image: FakeImage }, document: {} } as unknown as DomPort;
    return { dom, images };
  }

  it('the Image probe resolves on load and rejects on error', async () => {
    const { dom, images } = fakeDom();
    const probe = domImageProbe(dom);
    const loaded = probe('https://a.test/p.gif', new AbortController().signal);
    expect(images[0]!.src).toBe('https://a.test/p.gif');
    images[0]!.onload?.();
    await expect(loaded).resolves.toBeUndefined();
    const failed = probe('https://b.test/p.gif', new AbortController().signal);
    images[1]!.onerror?.();
    await expect(failed).rejects.toMatchObject({ code: 'IMAGE_PROBE_FAILED' });
  });

  it('the Image probe clears its source when cancelled', async () => {
    const { dom, images } = fakeDom();
    const controller = new AbortController();
    const pending = domImageProbe(dom)('https://a.test/p.gif', controller.signal);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ImageProbeFailedError);
    expect(images[0]!.removed).toBe(true);
    expect(images[0]!.onload).toBeNull();
  });

  it('the default probe uses an Image where the platform has a DOM and fetch elsewhere', async () => {
    const { dom, images } = fakeDom();
    void defaultImageProbe(memoryPlatform({ dom }))('https://a.test/p.gif', new AbortController().signal).catch(() => undefined);
    expect(images).toHaveLength(1);
    const fetched: string[] = [];
    const fetchSpy = (async (input: RequestInfo | URL) => {
      fetched.push(String(input));
      return new Response('x', { status: 200 });
    }) as typeof fetch;
    await defaultImageProbe(memoryPlatform({ fetch: fetchSpy }))('https://b.test/p.gif', new AbortController().signal);
    expect(fetched).toEqual(['https://b.test/p.gif']);
  });
});
