import { UserCallbackError } from '../../core/errors/guard-callback.js';
import type { InspectedActor, Inspector, InspectorLogEntry } from '../../machines/inspector/inspector.js';

/** A log entry: GO from idle to busy with no steps or changes, and `fields` over that. */
export const entry = (seq: number, fields: Partial<InspectorLogEntry>): InspectorLogEntry => ({
  seq,
  eventType: 'GO',
  payload: '',
  from: 'idle',
  to: 'busy',
  transitions: [],
  changes: [],
  changesTruncated: false,
  ...fields,
});

/** An active actor `name` in `idle`, accepting nothing, with an empty log, and `fields` over that. */
export const view = (name: string, fields: Partial<InspectedActor>): InspectedActor => ({
  name,
  actorId: name,
  machine: undefined,
  status: 'active',
  value: 'idle',
  activeStates: ['idle'],
  accepted: [],
  log: [],
  recording: 'inspect',
  ...fields,
});

/** An inspector that shows `views` as they are, records nothing itself, and answers every send with "refused". */
export function fakeInspector(views: readonly InspectedActor[]): Inspector {
  return {
    watch: () => undefined,
    unwatch: () => undefined,
    views: () => views,
    subscribe: () => () => undefined,
    send: () => ({ ok: false, error: new UserCallbackError('send', new Error('refused')) }),
    clearLog: () => undefined,
    dispose: () => undefined,
  };
}
