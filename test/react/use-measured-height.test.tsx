import { act, cleanup, render, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMeasuredHeight } from '../../react/use-measured-height.js';

type Measured = { type: 'MEASURED'; id: string; height: number };

/** A stack that records what it is told. */
function recordingStack() {
  const sent: Measured[] = [];
  return { sent, send: (event: Measured) => void sent.push(event) };
}

/** An element whose layout height the test sets (jsdom lays nothing out, so offsetHeight is always 0 there). */
function sizedNode(initial: number) {
  const node = document.createElement('div');
  let height = initial;
  Object.defineProperty(node, 'offsetHeight', { configurable: true, get: () => height });
  return {
    node,
    resize(next: number) {
      height = next;
    },
  };
}

/** A ResizeObserver stand-in: the test fires its callback, as the browser does after a layout pass. */
class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe(target: Element) {
    this.observed.push(target);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  /** One layout pass that saw the observed element's size. */
  fire() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useMeasuredHeight — without ResizeObserver (a DOM without layout) the height is read once, on mount', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', undefined);
  });

  it('reports the mounted node’s offsetHeight under the item’s id, once', () => {
    const stack = recordingStack();
    const { result } = renderHook(() => useMeasuredHeight(stack, 'toast-1'));
    const { node, resize } = sizedNode(48);
    result.current(node);
    expect(stack.sent).toEqual([{ type: 'MEASURED', id: 'toast-1', height: 48 }]);
    resize(60);
    expect(stack.sent).toHaveLength(1);
  });

  it('a 1 px item and a 0 px item are each reported (nothing is taken as already measured)', () => {
    const stack = recordingStack();
    const { result } = renderHook(() => useMeasuredHeight(stack, 'a'));
    result.current(sizedNode(1).node);
    result.current(sizedNode(0).node);
    expect(stack.sent.map((e) => e.height)).toEqual([1, 0]);
  });

  it('a detached node (ref called with null) reports nothing', () => {
    const stack = recordingStack();
    const { result } = renderHook(() => useMeasuredHeight(stack, 'a'));
    result.current(null);
    expect(stack.sent).toEqual([]);
  });

  it('renders through a real ref: the element’s height reaches the stack', () => {
    const stack = recordingStack();
    function Item() {
      const ref = useMeasuredHeight(stack, 'n-7');
      return (
        <div
          ref={(el) => {
            if (el) Object.defineProperty(el, 'offsetHeight', { configurable: true, value: 72 });
            ref(el);
          }}
        />
      );
    }
    render(<Item />);
    expect(stack.sent).toEqual([{ type: 'MEASURED', id: 'n-7', height: 72 }]);
  });
});

describe('useMeasuredHeight — with ResizeObserver every change of height is reported, and the observer ends with the node', () => {
  beforeEach(() => {
    FakeResizeObserver.all = [];
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  });

  it('observes the node and reports each new height in a layout pass, skipping passes where it did not change', () => {
    const stack = recordingStack();
    const { result } = renderHook(() => useMeasuredHeight(stack, 'toast-1'));
    const { node, resize } = sizedNode(40);
    result.current(node);
    expect(FakeResizeObserver.all).toHaveLength(1);
    const observer = FakeResizeObserver.all[0]!;
    expect(observer.observed).toEqual([node]);
    // Nothing is read during the commit: the first height comes from the observer's first pass.
    expect(stack.sent).toEqual([]);
    observer.fire();
    observer.fire();
    resize(64);
    observer.fire();
    resize(64);
    observer.fire();
    resize(1);
    observer.fire();
    expect(stack.sent).toEqual([
      { type: 'MEASURED', id: 'toast-1', height: 40 },
      { type: 'MEASURED', id: 'toast-1', height: 64 },
      { type: 'MEASURED', id: 'toast-1', height: 1 },
    ]);
  });

  it('a 1 px item is reported on the first pass', () => {
    const stack = recordingStack();
    const { result } = renderHook(() => useMeasuredHeight(stack, 'a'));
    result.current(sizedNode(1).node);
    FakeResizeObserver.all[0]!.fire();
    expect(stack.sent).toEqual([{ type: 'MEASURED', id: 'a', height: 1 }]);
  });

  it('a new node disconnects the previous observer; null disconnects the last one and observes nothing', () => {
    const stack = recordingStack();
    const { result } = renderHook(() => useMeasuredHeight(stack, 'a'));
    result.current(sizedNode(10).node);
    result.current(sizedNode(20).node);
    const [first, second] = FakeResizeObserver.all;
    expect(first!.disconnected).toBe(true);
    expect(second!.disconnected).toBe(false);
    result.current(null);
    expect(second!.disconnected).toBe(true);
    expect(FakeResizeObserver.all).toHaveLength(2);
  });

  it('unmounting the element disconnects its observer', () => {
    const stack = recordingStack();
    function Item() {
      return <div ref={useMeasuredHeight(stack, 'a')} />;
    }
    const view = render(<Item />);
    const [observer] = FakeResizeObserver.all;
    expect(observer!.observed).toHaveLength(1);
    expect(observer!.disconnected).toBe(false);
    view.unmount();
    expect(observer!.disconnected).toBe(true);
  });

  it('a new id or stack gives a new ref that reports to them (the old observer is disconnected)', () => {
    const first = recordingStack();
    const second = recordingStack();
    function Item({ stack, id }: { stack: typeof first; id: string }) {
      const ref = useMeasuredHeight(stack, id);
      return (
        <div
          ref={(el) => {
            if (el) Object.defineProperty(el, 'offsetHeight', { configurable: true, value: 30 });
            ref(el);
          }}
        />
      );
    }
    const view = render(<Item stack={first} id="a" />);
    act(() => FakeResizeObserver.all.at(-1)!.fire());
    view.rerender(<Item stack={first} id="b" />);
    act(() => FakeResizeObserver.all.at(-1)!.fire());
    view.rerender(<Item stack={second} id="b" />);
    act(() => FakeResizeObserver.all.at(-1)!.fire());
    expect(first.sent).toEqual([
      { type: 'MEASURED', id: 'a', height: 30 },
      { type: 'MEASURED', id: 'b', height: 30 },
    ]);
    expect(second.sent).toEqual([{ type: 'MEASURED', id: 'b', height: 30 }]);
    expect(FakeResizeObserver.all.slice(0, -1).every((o) => o.disconnected)).toBe(true);
  });
});
