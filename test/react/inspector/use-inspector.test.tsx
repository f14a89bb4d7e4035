import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { InvalidArgumentError } from '../../../core/errors/index.js';
import { createInspector, watchProblem } from '../../../machines/inspector/inspector.js';
import { useInspector } from '../../../react/inspector/use-inspector.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const toggle = createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { FLIP: 'on' } }, on: { on: { FLIP: 'off' } } },
});

const actor = () => createActor(toggle).start();

describe('useInspector', () => {
  it('watches every actor given, skips undefined entries, and follows their changes', () => {
    const a = actor();
    const b = actor();
    const { result } = renderHook(() => useInspector({ a, gone: undefined, b }));
    expect(result.current.views.map((v) => [v.name, v.value])).toEqual([
      ['a', 'off'],
      ['b', 'off'],
    ]);
    expect(result.current.problems).toEqual({});
    act(() => a.send({ type: 'FLIP' }));
    expect(result.current.views.find((v) => v.name === 'a')!.value).toBe('on');
    expect(result.current.views.find((v) => v.name === 'a')!.log.map((e) => e.eventType)).toEqual(['FLIP']);
  });

  it('lists an entry that is not an actor as a problem, with the message watch would throw', () => {
    const a = actor();
    const { result } = renderHook(() => useInspector({ a, bad: { send: 1 } as never }));
    expect(result.current.problems).toEqual({ bad: watchProblem('bad', { send: 1 })!.message });
    expect(result.current.views.map((v) => v.name)).toEqual(['a']);
  });

  it('follows new actors: watches the added ones, unwatches the removed ones, and lists new problems', () => {
    const a = actor();
    const b = actor();
    const { result, rerender } = renderHook(({ actors }) => useInspector(actors), {
      initialProps: { actors: { a } as Record<string, AnyActorRef | undefined> },
    });
    expect(result.current.views.map((v) => v.name)).toEqual(['a']);
    rerender({ actors: { b, bad: 3 as never } });
    expect(result.current.views.map((v) => v.name)).toEqual(['b']);
    expect(Object.keys(result.current.problems)).toEqual(['bad']);
    rerender({ actors: {} });
    expect(result.current.views).toEqual([]);
    expect(result.current.problems).toEqual({});
  });

  it('uses the inspector given, and leaves it running on unmount', () => {
    const inspector = createInspector();
    const dispose = vi.spyOn(inspector, 'dispose');
    const a = actor();
    const { result, unmount } = renderHook(() => useInspector({ a }, inspector));
    expect(result.current.inspector).toBe(inspector);
    expect(inspector.views().map((v) => v.name)).toEqual(['a']);
    unmount();
    expect(dispose).not.toHaveBeenCalled();
    expect(inspector.views().map((v) => v.name)).toEqual(['a']);
  });

  it('creates its own inspector with the options, keeps it across renders, and disposes it on unmount', () => {
    const a = actor();
    const { result, rerender, unmount } = renderHook(() => useInspector({ a }, undefined, { logLimit: 1 }));
    const own = result.current.inspector;
    act(() => {
      a.send({ type: 'FLIP' });
      a.send({ type: 'FLIP' });
    });
    expect(result.current.views[0]!.log).toHaveLength(1);
    rerender();
    expect(result.current.inspector).toBe(own);
    const listener = vi.fn();
    own.subscribe(listener);
    unmount();
    // Disposed: it records nothing more and tells no one.
    a.send({ type: 'FLIP' });
    expect(listener).not.toHaveBeenCalled();
    expect(own.views()).toEqual([]);
  });

  it('refuses options out of range with an InvalidArgumentError', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useInspector({}, undefined, { logLimit: 0 }))).toThrow(InvalidArgumentError);
  });
});
