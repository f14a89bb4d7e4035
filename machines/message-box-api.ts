import type { ActorRefFrom } from 'xstate';
import type { MotionPreference } from '../core/ui/motion.js';
import type { messageBoxQueueMachine } from './message-box-queue.machine.js';
import type { MessageBoxOptions, MessageBoxResult } from './message-box.machine.js';

export type MessageBoxQueueActor = ActorRefFrom<typeof messageBoxQueueMachine>;

/** Options of one box call: everything but the kind and message. */
export type MessageBoxCallOptions = Omit<MessageBoxOptions, 'kind' | 'message'>;

/** Opens queued message boxes; each promise resolves with how the box closed (confirm, cancel or close). */
export interface MessageBoxApi {
  alert(message: string, options?: MessageBoxCallOptions): Promise<MessageBoxResult>;
  confirm(message: string, options?: MessageBoxCallOptions): Promise<MessageBoxResult>;
  prompt(message: string, options?: MessageBoxCallOptions): Promise<MessageBoxResult>;
}

/**
 * Creates the alert/confirm/prompt API over a message-box queue actor. With `motion`, a box opened while
 * the user asks for reduced motion has no transition, whatever the call asked for.
 */
export function createMessageBoxApi(getQueue: () => MessageBoxQueueActor, motion?: MotionPreference): MessageBoxApi {
  let seq = 0;
  const open = (kind: MessageBoxOptions['kind']) => (message: string, options: MessageBoxCallOptions = {}) =>
    new Promise<MessageBoxResult>((resolve) => {
      const queue = getQueue();
      const id = `box-${++seq}`;
      const sub = queue.on('box.closed', (event) => {
        if (event.id !== id) return;
        sub.unsubscribe();
        resolve(event.value === undefined ? { action: event.action } : { action: event.action, value: event.value });
      });
      queue.send({ type: 'OPEN', box: { ...options, ...(motion?.reduced ? { transitionMs: 0 } : {}), kind, message, id } });
    });
  return { alert: open('alert'), confirm: open('confirm'), prompt: open('prompt') };
}
