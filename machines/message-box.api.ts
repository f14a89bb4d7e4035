import type { ActorRefFrom } from 'xstate';
import type { MotionPreference } from '../core/ui/motion.js';
import type { messageBoxQueueMachine } from './message-box-queue.machine.js';
import { MESSAGE_BOX_OPTION_RULES } from './message-box.machine.js';
import type { MessageBoxOptions, MessageBoxResult } from './message-box.machine.js';
import { checkArgument, fieldsOrThrow, isFunction, prop } from './fields.js';

const { kind: _kind, message: _message, ...callRules } = MESSAGE_BOX_OPTION_RULES;

export type MessageBoxQueueActor = ActorRefFrom<typeof messageBoxQueueMachine>;

/** Options of one box call: everything but the kind and message. */
export type MessageBoxCallOptions = Omit<MessageBoxOptions, 'kind' | 'message'>;

/**
 * Opens queued message boxes; each promise resolves with how the box closed (confirm, cancel or close).
 * An app's `messageBox` is `createUiKit(platform).messageBox`.
 *
 * @example
 * ```ts
 * const { messageBox } = createUiKit(browserPlatform());
 * await messageBox.alert('Your session has ended.'); // OK, the × or Escape close it; a backdrop click does not
 * const { action } = await messageBox.confirm('Cancel all open orders?'); // 'confirm' | 'cancel' | 'close'
 * const { value } = await messageBox.prompt('Amount', { inputPattern: /^\d+(\.\d+)?$/ });
 * ```
 */
export interface MessageBoxApi {
  alert(message: string, options?: MessageBoxCallOptions): Promise<MessageBoxResult>;
  confirm(message: string, options?: MessageBoxCallOptions): Promise<MessageBoxResult>;
  prompt(message: string, options?: MessageBoxCallOptions): Promise<MessageBoxResult>;
}

// Shared by every API instance, so two APIs over one queue never open boxes with the same id.
let seq = 0;

/**
 * Creates the alert/confirm/prompt API over a message-box queue actor. With `motion`, a box opened while
 * the user asks for reduced motion has no transition, whatever the call asked for. A malformed message or
 * option rejects with InvalidArgumentError naming it (nothing opens); a box whose queue stops before it
 * closes resolves as closed (`{ action: 'close' }`), so no promise is left pending.
 *
 * @example
 * ```ts
 * const queue = createActor(messageBoxQueueMachine, { input: { layers } }).start();
 * const messageBox = createMessageBoxApi(() => queue);
 * const { action, value } = await messageBox.prompt('New name', { inputPattern: /^\w+$/ });
 * ```
 */
export function createMessageBoxApi(getQueue: () => MessageBoxQueueActor, motion?: MotionPreference): MessageBoxApi {
  checkArgument('createMessageBoxApi', 'getQueue', getQueue, isFunction, 'a function giving the queue actor');
  if (motion !== undefined)
    checkArgument('createMessageBoxApi', 'motion', motion, (v) => typeof prop(v, 'reduced') === 'boolean', 'a motion preference');
  const open = (kind: MessageBoxOptions['kind']) => (message: string, options?: MessageBoxCallOptions) =>
    new Promise<MessageBoxResult>((resolve) => {
      const checked = fieldsOrThrow(
        'messageBox',
        { ...fieldsOrThrow('messageBox', options ?? {}, callRules, 'options'), kind, message },
        MESSAGE_BOX_OPTION_RULES,
      );
      const queue = getQueue();
      const id = `box-${++seq}`;
      let settled = false;
      const subscriptions: { unsubscribe(): void }[] = [];
      const settle = (result: MessageBoxResult) => {
        // Stryker disable next-line ConditionalExpression: a second settle unsubscribes again and resolves a settled promise: no effect
        if (settled) return;
        // Stryker disable next-line BooleanLiteral: settling twice resolves once (a promise settles once); unsubscribing is idempotent
        settled = true;
        for (const sub of subscriptions) sub.unsubscribe();
        resolve(result);
      };
      subscriptions.push(
        queue.on('box.closed', (event) => {
          if (event.id === id) settle(event.value === undefined ? { action: event.action } : { action: event.action, value: event.value });
        }),
        // A queue that stops (the kit is torn down) or fails can close no box: the caller hears "closed".
        queue.subscribe({ complete: () => settle({ action: 'close' }), error: () => settle({ action: 'close' }) }),
      );
      if (settled) for (const sub of subscriptions) sub.unsubscribe();
      else if (queue.getSnapshot().status !== 'active') settle({ action: 'close' });
      else queue.send({ type: 'OPEN', box: { ...checked, ...(motion?.reduced ? { transitionMs: 0 } : {}), id } });
    });
  return { alert: open('alert'), confirm: open('confirm'), prompt: open('prompt') };
}
