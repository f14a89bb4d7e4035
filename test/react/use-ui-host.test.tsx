import { act, cleanup, renderHook } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryPlatform } from '../../core/platform/index.js';
import type { Platform } from '../../core/platform/types.js';
import { REDUCED_MOTION_QUERY } from '../../core/ui/motion.js';
import { appHost, appLayers, appToaster } from '../../machines/app-host.js';
import { createUiKit } from '../../machines/index.js';
import type { UiKit } from '../../machines/index.js';
import { toast as rootToast } from '../../machines/toast.api.js';
import {
  ExkitProvider,
  useFocusTrap,
  useLayer,
  useLayerHost,
  useReducedMotion,
  useToast,
  useToasterActor,
  useUiHost,
} from '../../react/index.js';

type Services = { platform: Platform; ui?: UiKit };
const wrapper = (value: Services) =>
  function Wrap({ children }: { children: ReactNode }) {
    return <ExkitProvider value={value}>{children}</ExkitProvider>;
  };

const escape = () => new KeyboardEvent('keydown', { key: 'Escape', cancelable: true });
const pointer = (target: EventTarget) => {
  const event = new Event('pointerdown');
  Object.defineProperty(event, 'target', { value: target });
  return event;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('host hooks', () => {
  it('without a kit in the provider, the host, layers and toaster are the platform-wide ones', () => {
    const platform = memoryPlatform({ dom: { window, document } });
    const { result } = renderHook(() => ({ host: useUiHost(), layers: useLayerHost(), toaster: useToasterActor(), toast: useToast() }), {
      wrapper: wrapper({ platform }),
    });
    expect(result.current.host).toBe(appHost(platform));
    expect(result.current.layers).toBe(appLayers(platform));
    expect(result.current.toaster).toBe(appToaster(platform));
    expect(result.current.toast).toBe(rootToast);
  });

  it('with a kit in the provider, the host, layers, toaster and toast API are the kit’s', () => {
    const platform = memoryPlatform({ dom: { window, document } });
    const ui = createUiKit(platform, { isolatedToaster: true });
    const { result } = renderHook(() => ({ host: useUiHost(), layers: useLayerHost(), toaster: useToasterActor(), toast: useToast() }), {
      wrapper: wrapper({ platform, ui }),
    });
    expect(result.current.host).toBe(ui.host);
    expect(result.current.layers).toBe(ui.host);
    expect(result.current.toaster).toBe(ui.toaster);
    expect(result.current.toast).toBe(ui.toast);
  });
});

describe('useReducedMotion', () => {
  it('follows the platform’s prefers-reduced-motion setting live', () => {
    const platform = memoryPlatform({ dom: { window, document } });
    const { result } = renderHook(() => useReducedMotion(), { wrapper: wrapper({ platform }) });
    expect(result.current).toBe(false);
    act(() => platform.setMedia(REDUCED_MOTION_QUERY, true));
    expect(result.current).toBe(true);
    act(() => platform.setMedia(REDUCED_MOTION_QUERY, false));
    expect(result.current).toBe(false);
  });

  it('a new platform or kit in the provider is followed', () => {
    const plain = memoryPlatform({ dom: { window, document } });
    const reduced = memoryPlatform({ dom: { window, document }, media: [REDUCED_MOTION_QUERY] });
    let value: Services = { platform: plain };
    const { result, rerender } = renderHook(() => useReducedMotion(), {
      wrapper: ({ children }) => <ExkitProvider value={value}>{children}</ExkitProvider>,
    });
    expect(result.current).toBe(false);
    value = { platform: reduced };
    rerender();
    expect(result.current).toBe(true);
    value = { platform: reduced, ui: createUiKit(reduced, { reducedMotion: false }) };
    rerender();
    expect(result.current).toBe(false);
  });

  it('a server render shows full motion whatever the setting', () => {
    const platform = memoryPlatform({ media: [REDUCED_MOTION_QUERY] });
    function Probe() {
      return <i>{String(useReducedMotion())}</i>;
    }
    expect(renderToString(<ExkitProvider value={{ platform }}>{<Probe />}</ExkitProvider>)).toBe('<i>false</i>');
  });
});

describe('useLayer', () => {
  function setup() {
    const platform = memoryPlatform({ dom: { window, document } });
    const ui = createUiKit(platform, { isolatedToaster: true });
    return { platform, ui, stack: ui.host.stack, wrapper: wrapper({ platform, ui }) };
  }

  it('holds a layer only while active, and removes it on unmount', () => {
    const { stack, wrapper: Wrap } = setup();
    const { rerender, unmount } = renderHook(({ active }) => useLayer(active, {}), { wrapper: Wrap, initialProps: { active: false } });
    expect(stack.size).toBe(0);
    rerender({ active: true });
    expect(stack.size).toBe(1);
    rerender({ active: false });
    expect(stack.size).toBe(0);
    rerender({ active: true });
    unmount();
    expect(stack.size).toBe(0);
  });

  it('Escape and outside clicks reach the latest callbacks; clicks inside the node are not outside', () => {
    const { stack, wrapper: Wrap } = setup();
    const inside = document.body.appendChild(document.createElement('div'));
    const outside = document.body.appendChild(document.createElement('div'));
    const first = { onEscape: vi.fn(), onOutsideClick: vi.fn() };
    const second = { onEscape: vi.fn(), onOutsideClick: vi.fn() };
    const { rerender } = renderHook(({ cb }) => useLayer(true, { node: () => inside, ...cb }), {
      wrapper: Wrap,
      initialProps: { cb: first },
    });
    expect(stack.handleKeyDown(escape())).toBe(true);
    expect(first.onEscape).toHaveBeenCalledTimes(1);
    expect(stack.handlePointerDown(pointer(outside))).toBe(true);
    expect(first.onOutsideClick).toHaveBeenCalledTimes(1);
    expect(stack.handlePointerDown(pointer(inside))).toBe(false);
    expect(first.onOutsideClick).toHaveBeenCalledTimes(1);
    rerender({ cb: second });
    stack.handleKeyDown(escape());
    stack.handlePointerDown(pointer(outside));
    expect(second.onEscape).toHaveBeenCalledTimes(1);
    expect(second.onOutsideClick).toHaveBeenCalledTimes(1);
    expect(first.onEscape).toHaveBeenCalledTimes(1);
  });

  it('a layer without onOutsideClick lets the click through to the layer below; one without onEscape swallows Escape', () => {
    const { stack, wrapper: Wrap } = setup();
    const outside = document.body.appendChild(document.createElement('div'));
    const below = { onEscape: vi.fn(), onOutsideClick: vi.fn() };
    renderHook(
      () => {
        useLayer(true, below);
        useLayer(true, {});
      },
      { wrapper: Wrap },
    );
    expect(stack.size).toBe(2);
    expect(stack.handlePointerDown(pointer(outside))).toBe(true);
    expect(below.onOutsideClick).toHaveBeenCalledTimes(1);
    expect(stack.handleKeyDown(escape())).toBe(true);
    expect(below.onEscape).not.toHaveBeenCalled();
  });

  it('callbacks and node dropped in a later render are not called, and nothing is reported', () => {
    const { stack, wrapper: Wrap } = setup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const inside = document.body.appendChild(document.createElement('div'));
    const outside = document.body.appendChild(document.createElement('div'));
    const cb = { node: () => inside, onEscape: vi.fn(), onOutsideClick: vi.fn() };
    const { rerender } = renderHook(({ options }) => useLayer(true, options), { wrapper: Wrap, initialProps: { options: cb as object } });
    rerender({ options: {} });
    stack.handleKeyDown(escape());
    stack.handlePointerDown(pointer(outside));
    stack.handlePointerDown(pointer(inside));
    expect(cb.onEscape).not.toHaveBeenCalled();
    expect(cb.onOutsideClick).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
  });

  it('a new key brings the layer to the top again', () => {
    const { stack, wrapper: Wrap } = setup();
    const a = vi.fn();
    const b = vi.fn();
    const { rerender } = renderHook(
      ({ key }) => {
        useLayer(true, { onEscape: a }, key);
        useLayer(true, { onEscape: b });
      },
      { wrapper: Wrap, initialProps: { key: 1 } },
    );
    stack.handleKeyDown(escape());
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([0, 1]);
    rerender({ key: 2 });
    expect(stack.size).toBe(2);
    stack.handleKeyDown(escape());
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('useFocusTrap', () => {
  function setup(withDom = true) {
    const platform = withDom ? memoryPlatform({ dom: { window, document } }) : memoryPlatform();
    const ui = createUiKit(platform, { isolatedToaster: true });
    const opener = document.body.appendChild(document.createElement('button'));
    const box = document.body.appendChild(document.createElement('div'));
    const first = box.appendChild(document.createElement('button'));
    const second = box.appendChild(document.createElement('button'));
    const outside = document.body.appendChild(document.createElement('input'));
    opener.focus();
    return { wrapper: wrapper({ platform, ui }), opener, box, first, second, outside };
  }

  it('moves focus in while active, keeps it there, and returns it to the opener afterwards', () => {
    const { wrapper: Wrap, opener, box, first, outside } = setup();
    const { rerender } = renderHook(({ active }) => useFocusTrap(active, () => box), { wrapper: Wrap, initialProps: { active: false } });
    expect(document.activeElement).toBe(opener);
    rerender({ active: true });
    expect(document.activeElement).toBe(first);
    outside.focus();
    expect(document.activeElement).toBe(first);
    rerender({ active: false });
    expect(document.activeElement).toBe(opener);
  });

  it('uses the latest initialFocus, returnFocus and allowOutside options', () => {
    const { wrapper: Wrap, box, second, outside, first } = setup();
    const { unmount } = renderHook(({ options }) => useFocusTrap(true, () => box, options), {
      wrapper: Wrap,
      initialProps: { options: { initialFocus: () => second, returnFocus: () => outside, allowOutside: (t: Element) => t === outside } },
    });
    expect(document.activeElement).toBe(second);
    outside.focus();
    expect(document.activeElement).toBe(outside);
    first.focus();
    unmount();
    expect(document.activeElement).toBe(outside);
  });

  it('without allowOutside, focus outside is pulled back', () => {
    const { wrapper: Wrap, box, outside, first } = setup();
    renderHook(() => useFocusTrap(true, () => box, { allowOutside: undefined }), { wrapper: Wrap });
    outside.focus();
    expect(document.activeElement).toBe(first);
  });

  it('trap: false moves focus in but lets it leave; switching trap on re-arms it', () => {
    const { wrapper: Wrap, box, outside, first } = setup();
    const { rerender } = renderHook(({ trap }) => useFocusTrap(true, () => box, { trap }), {
      wrapper: Wrap,
      initialProps: { trap: false },
    });
    expect(document.activeElement).toBe(first);
    outside.focus();
    expect(document.activeElement).toBe(outside);
    rerender({ trap: true });
    outside.focus();
    expect(document.activeElement).toBe(first);
  });

  it('stating the default trap: true keeps the running trap (focus stays where the user moved it)', () => {
    const { wrapper: Wrap, box, second } = setup();
    const { rerender } = renderHook(({ options }) => useFocusTrap(true, () => box, options), {
      wrapper: Wrap,
      initialProps: { options: {} as { trap?: boolean } },
    });
    second.focus();
    rerender({ options: { trap: true } });
    expect(document.activeElement).toBe(second);
  });

  it('does nothing without a node or without a DOM', () => {
    const a = setup();
    renderHook(() => useFocusTrap(true, () => null), { wrapper: a.wrapper });
    expect(document.activeElement).toBe(a.opener);
    cleanup();
    document.body.innerHTML = '';
    const b = setup(false);
    renderHook(() => useFocusTrap(true, () => b.box), { wrapper: b.wrapper });
    expect(document.activeElement).toBe(b.opener);
  });
});
