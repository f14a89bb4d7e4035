import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { Bridge, SkipInfo } from '../core/bridge/index.js';
import type { ActorRefFrom } from 'xstate';
import { bridgeRequestMachine } from '../machines/bridge-request.machine.js';
import { useExkitService } from './provider.js';

export interface UseBridgeRequestOptions {
  /** Overrides the app request timeout (10000 ms by default). */
  timeoutMs?: number;
}

export interface UseBridgeRequestResult<T> {
  /** 'skipped': nothing was sent, outside the app or below requestAction's minimum version (seed 000 §5). */
  status: 'pending' | 'success' | 'skipped' | 'error' | 'cancelled';
  data: T | undefined;
  /** The answer code on success (the app's, or the fallback's). */
  code: string | undefined;
  /** Why nothing was sent, when `status` is 'skipped'. */
  skip: SkipInfo | undefined;
  error: unknown;
  /** Whether the request ended as timed out: no answer in time, or a timeout code (00004, 110100). */
  timedOut: boolean;
  retry(): void;
  cancel(): void;
  /** The request actor driving this hook (one per hook: a new path or params re-sends through it), for devtools or a live diagram. */
  actor: ActorRefFrom<typeof bridgeRequestMachine>;
}

/** Actors this hook has started: an actor is started once, whatever the effects replay. */
const started = new WeakSet<object>();

const STATUS = { pending: 'pending', resolved: 'success', skipped: 'skipped', timedOut: 'error', rejected: 'error', cancelled: 'cancelled' } as const;

/**
 * Runs an app request (requestAction) through the bridge-request machine: once when the component mounts,
 * again when the path or the params' content change, and on `retry()`. A new bridge from the provider sends
 * nothing by itself (nobody asked again); the next retry goes to it. Under React StrictMode the development
 * double mount does not send twice: the actor is started once and stopped only on a real unmount.
 */
export function useBridgeRequest<T = unknown>(path: string, params?: Record<string, unknown>, options: UseBridgeRequestOptions = {}): UseBridgeRequestResult<T> {
  const bridge = useExkitService('bridge');
  // The actor keeps one bridge for its life; this one always calls the provider's current bridge, so a
  // retry after the provider swaps bridges (leaving or entering the app) goes to the new one.
  const latest = useRef(bridge);
  latest.current = bridge;
  const current = useMemo<Pick<Bridge, 'request'>>(() => ({ request: (...args) => latest.current.request(...args) }), []);
  // Created idle during render (starting it sends the request, a side effect render must not have).
  const [actor] = useState(() =>
    createActor(bridgeRequestMachine, { input: options.timeoutMs === undefined ? { bridge: current, path, params } : { bridge: current, path, params, timeoutMs: options.timeoutMs } }),
  );
  const stopping = useRef(false);
  useEffect(() => {
    // StrictMode runs this effect, its cleanup and the effect again, synchronously: the cleanup's stop waits
    // a microtask, so the second run finds the actor still running and keeps it. A real unmount stops it
    // (aborting a pending request and freeing its entry in the bridge).
    stopping.current = false;
    if (actor.getSnapshot().status === 'active' && !started.has(actor)) {
      started.add(actor);
      actor.start();
    }
    return () => {
      stopping.current = true;
      queueMicrotask(() => {
        if (stopping.current) actor.stop();
      });
    };
  }, [actor]);
  const key = JSON.stringify([path, params ?? null]);
  const sent = useRef(key);
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    actor.send(params === undefined ? { type: 'REQUEST', path } : { type: 'REQUEST', path, params });
    // `key` stands for path and params, so a new params object with the same content sends nothing.
  }, [actor, key]);
  const value = useSelector(actor, (s) => s.value as keyof typeof STATUS);
  const response = useSelector(actor, (s) => s.context.response);
  const error = useSelector(actor, (s) => s.context.error);
  const skip = useSelector(actor, (s) => s.context.skip);
  return {
    status: STATUS[value],
    data: response?.data as T | undefined,
    code: response?.code,
    skip,
    error,
    timedOut: value === 'timedOut',
    retry: () => actor.send({ type: 'RETRY' }),
    cancel: () => actor.send({ type: 'CANCEL' }),
    actor,
  };
}
