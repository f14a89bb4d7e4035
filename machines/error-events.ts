import type { ErrorReporter } from '../core/platform/types.js';
import { prop } from './fields.js';

/** The report event under which a machine logs an `xstate.error.*` event it took instead of failing. */
export const ACTOR_ERROR_EVENT = 'actorErrorEvent';

/**
 * Why every UI machine takes `xstate.error.*` events: XState puts a machine in `error` for ANY such event nobody
 * handles, including one any code sends from outside, and our children (toasts, boxes, notifications) are built not
 * to fail. So the event is logged through the machine's reporter when it has one, and the machine goes on.
 */
export function logErrorEvent({ context, event }: { context: unknown; event: { type: string } }): void {
  // The reporter is the context's `errors` (a platform's reporter) or, in the risk-token machine, its `report`.
  const errors = prop(context, 'errors') as ErrorReporter | undefined;
  const report = typeof prop(errors, 'report') === 'function' ? errors!.report.bind(errors) : prop(context, 'report');
  if (typeof report !== 'function') return;
  try {
    (report as ErrorReporter['report'])({ event: ACTOR_ERROR_EVENT, message: event.type, error: prop(event, 'error') });
  } catch {
    // A reporter that throws has nowhere left to report to.
  }
}

/**
 * The root transition a machine adds to survive stray or forged error events (see `logErrorEvent`). Typed as an
 * empty object: the event is XState's own, outside every machine's typed event union.
 */
export const takeErrorEvents: Record<never, never> = { 'xstate.error.*': { actions: logErrorEvent } };
