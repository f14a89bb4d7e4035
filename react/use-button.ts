import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { guardCallback } from '../core/errors/guard-callback.js';
import { buttonMachine, buttonStatus, checkButtonInput } from '../machines/button.machine.js';
import type { ButtonInput } from '../machines/button.machine.js';

export interface UseButtonResult {
  /** The caller's work runs: clicks are ignored and the button is marked busy. */
  loading: boolean;
  /** The caller disabled the button: clicks are ignored. */
  disabled: boolean;
  /** Neither loading nor disabled: a click now reaches `onClick`. */
  clickable: boolean;
  /**
   * Props for a <button>. Disabled sets the native `disabled`; loading keeps the button focusable but
   * `aria-disabled` and `aria-busy` (as React Aria's pending button does); `data-loading` and
   * `data-disabled` are present while each holds, for styling.
   */
  buttonProps: {
    disabled: boolean;
    'aria-disabled': boolean;
    'aria-busy': boolean;
    'data-loading': '' | undefined;
    'data-disabled': '' | undefined;
    onClick: () => void;
  };
  setDisabled(disabled: boolean): void;
  setLoading(loading: boolean): void;
  /** The button actor driving this hook, for devtools or a live diagram. */
  actor: ActorRefFrom<typeof buttonMachine>;
}

/** A button whose clicks are ignored while it is disabled or loading, the two held independently (seed 000 §4). */
export function useButton(onClick: () => void, input: ButtonInput = {}): UseButtonResult {
  // A malformed flag throws InvalidArgumentError here, in the caller's render, not inside the actor.
  const actor = useActorRef(buttonMachine, { input: checkButtonInput(input) });
  const loading = useSelector(actor, (s) => buttonStatus(s).loading);
  const disabled = useSelector(actor, (s) => buttonStatus(s).disabled);
  const clickable = useSelector(actor, (s) => buttonStatus(s).clickable);
  const latest = useRef(onClick);
  latest.current = onClick;
  useEffect(() => {
    // The caller's handler runs guarded: a throw is logged (a UserCallbackError), never thrown at the host.
    const sub = actor.on('clicked', () => guardCallback('onClick', () => latest.current()));
    return () => sub.unsubscribe();
  }, [actor]);
  return {
    loading,
    disabled,
    clickable,
    buttonProps: {
      disabled,
      'aria-disabled': loading || disabled,
      'aria-busy': loading,
      'data-loading': loading ? '' : undefined,
      'data-disabled': disabled ? '' : undefined,
      onClick: () => actor.send({ type: 'CLICK' }),
    },
    setDisabled: (value) => actor.send({ type: value ? 'DISABLE' : 'ENABLE' }),
    setLoading: (value) => actor.send({ type: value ? 'START_LOADING' : 'STOP_LOADING' }),
    actor,
  };
}
