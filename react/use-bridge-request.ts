import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Bridge, BridgeRequestOptions, SkipInfo } from '../core/bridge/index.js';
import { bridgeRequestMachine } from '../machines/bridge-request.machine.js';
import { useExkitService } from './provider.js';

export interface UseBridgeRequestOptions {
  /** Overrides the app request timeout (10000 ms by default). */
  timeoutMs?: number;
}

export interface UseBridgeRequestResult<T> {
  /** 'skipped': nothing was sent, outside the app or below requestAction's minimum version (spec §B5). */
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

const STATUS = {
  pending: 'pending',
  resolved: 'success',
  skipped: 'skipped',
  timedOut: 'error',
  rejected: 'error',
  cancelled: 'cancelled',
} as const;

/** What the hook shows of a request actor's snapshot: one view, compared shallowly. */
function requestView(snapshot: SnapshotFrom<typeof bridgeRequestMachine>) {
  const { response, error, skip } = snapshot.context;
  return { value: snapshot.value as keyof typeof STATUS, response, error, skip };
}

/**
 * Runs an app request (requestAction) through the bridge-request machine: once when the component mounts,
 * again when the path or the params' content change, and on `retry()`. A new bridge from the provider sends
 * nothing by itself (nobody asked again); the next retry goes to it. Under React StrictMode the development
 * double mount does not send twice.
 */
export function useBridgeRequest<T = unknown>(
  path: string,
  params?: Record<string, unknown>,
  options: UseBridgeRequestOptions = {},
): UseBridgeRequestResult<T> {
  const bridge = useExkitService('bridge');
  // The actor keeps one bridge for its life; this one always calls the provider's current bridge, so a
  // retry after the provider swaps bridges (leaving or entering the app) goes to the new one.
  const latest = useRef(bridge);
  useEffect(() => {
    latest.current = bridge;
  }, [bridge]);
  // The bridge's `request`, called one microtask later and only when the attempt is still wanted. Under StrictMode
  // React mounts, unmounts and mounts again in one go; @xstate/react's `useActorRef` stops the actor and starts it
  // again from its snapshot, which aborts the first attempt and runs it once more. The first one, aborted before
  // the microtask, is dropped: nothing was sent, and its promise stays unsettled, so it cannot settle the attempt
  // that took its place (they share one actor).
  const [current] = useState<Pick<Bridge, 'request'>>(() => ({
    request: <R>(path: string, params?: Record<string, unknown>, options?: BridgeRequestOptions<R>) =>
      Promise.resolve().then(() =>
        options?.signal?.aborted ? new Promise<never>(() => {}) : latest.current.request<R>(path, params, options),
      ),
  }));
  // Created idle during render and started after the first commit (starting sends the request).
  const actor = useActorRef(bridgeRequestMachine, { input: { bridge: current, path, params, timeoutMs: options.timeoutMs } });
  // `key` stands for path and params, so a new params object with the same content sends nothing.
  const key = JSON.stringify([path, params ?? null]);
  const sent = useRef(key);
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    actor.send({ type: 'REQUEST', path, params });
  }, [actor, key, path, params]);
  const { value, response, error, skip } = useSelector(actor, requestView, shallowEqual);
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
