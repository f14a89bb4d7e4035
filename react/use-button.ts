import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { buttonMachine } from '../machines/button.machine.js';
import type { ButtonInput } from '../machines/button.machine.js';

export interface UseButtonResult {
  state: 'idle' | 'disabled' | 'loading';
  /** Props for a <button>: aria state and the click handler the machine gates. */
  buttonProps: { disabled: boolean; 'aria-busy': boolean; onClick: () => void };
  setDisabled(disabled: boolean): void;
  setLoading(loading: boolean): void;
  /** The button actor driving this hook, for devtools or a live diagram. */
  actor: ActorRefFrom<typeof buttonMachine>;
}

/** A button whose clicks are ignored while disabled or loading (seed 000 §4). */
export function useButton(onClick: () => void, input: ButtonInput = {}): UseButtonResult {
  const actor = useActorRef(buttonMachine, { input });
  const state = useSelector(actor, (s) => s.value as UseButtonResult['state']);
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    const sub = actor.on('clicked', () => latest.current());
    return () => sub.unsubscribe();
  }, [actor]);
  return {
    state,
    buttonProps: {
      disabled: state === 'disabled',
      'aria-busy': state === 'loading',
      onClick: () => actor.send({ type: 'CLICK' }),
    },
    setDisabled: (disabled) => actor.send({ type: disabled ? 'DISABLE' : 'ENABLE' }),
    setLoading: (loading) => actor.send({ type: loading ? 'START_LOADING' : 'STOP_LOADING' }),
    actor,
  };
}
