import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
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

const STATUS = { pending: 'pending', resolved: 'success', skipped: 'skipped', timedOut: 'error', rejected: 'error', cancelled: 'cancelled' } as const;

/** Runs an app request (requestAction) through the bridge-request machine; a new path, params or bridge sends it again. */
export function useBridgeRequest<T = unknown>(path: string, params?: Record<string, unknown>, options: UseBridgeRequestOptions = {}): UseBridgeRequestResult<T> {
  const bridge = useExkitService('bridge');
  // The actor keeps one bridge for its life; this one always calls the provider's current bridge, so a
  // retry after the provider swaps bridges (leaving or entering the app) goes to the new one.
  const latest = useRef(bridge);
  latest.current = bridge;
  const current = useMemo<Pick<Bridge, 'request'>>(() => ({ request: (...args) => latest.current.request(...args) }), []);
  const input = options.timeoutMs === undefined ? { bridge: current, path, params } : { bridge: current, path, params, timeoutMs: options.timeoutMs };
  const actor = useActorRef(bridgeRequestMachine, { input });
  const value = useSelector(actor, (s) => s.value as keyof typeof STATUS);
  const response = useSelector(actor, (s) => s.context.response);
  const error = useSelector(actor, (s) => s.context.error);
  const skip = useSelector(actor, (s) => s.context.skip);
  const key = JSON.stringify([path, params ?? null]);
  const sent = useRef({ key, bridge });
  useEffect(() => {
    if (sent.current.key === key && sent.current.bridge === bridge) return;
    sent.current = { key, bridge };
    actor.send(params === undefined ? { type: 'REQUEST', path } : { type: 'REQUEST', path, params });
    // `key` stands for path and params, so a new params object with the same content sends nothing; a new
    // bridge asks it again, since the answer came from the old one.
  }, [actor, key, bridge]);
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
