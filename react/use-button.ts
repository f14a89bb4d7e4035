import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { guardCallback } from '../core/errors/guard-callback.js';
import { connectButton } from '../machines/button.connect.js';
import type { ButtonProps } from '../machines/button.connect.js';
import { buttonMachine, buttonStatus, checkButtonInput } from '../machines/button.machine.js';
import type { ButtonInput } from '../machines/button.machine.js';
import { normalizeProps } from './normalize-props.js';
import type { ReactProps } from './normalize-props.js';

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
  getButtonProps(): ReactProps<ButtonProps>;
  setDisabled(disabled: boolean): void;
  setLoading(loading: boolean): void;
  /** The button actor driving this hook, for devtools or a live diagram. */
  actor: ActorRefFrom<typeof buttonMachine>;
}

/** A button whose clicks are ignored while it is disabled or loading, the two held independently (spec §B4). */
export function useButton(onClick: () => void, input: ButtonInput = {}): UseButtonResult {
  // A malformed flag throws InvalidArgumentError here, in the caller's render, not inside the actor.
  const actor = useActorRef(buttonMachine, { input: checkButtonInput(input) });
  const status = useSelector(actor, buttonStatus, shallowEqual);
  const latest = useRef(onClick);
  useEffect(() => {
    latest.current = onClick;
  });
  useEffect(() => {
    // The caller's handler runs guarded: a throw is logged (a UserCallbackError), never thrown at the host.
    const sub = actor.on('clicked', () => guardCallback('onClick', () => latest.current()));
    // Stryker disable next-line ArrowFunction: this cleanup runs only when useActorRef stops the actor too, which drops its listeners
    return () => sub.unsubscribe();
    // Stryker disable next-line ArrayDeclaration: the actor of a module-level machine is the same object for the component's life
  }, [actor]);
  const api = connectButton(status, actor.send);
  return {
    loading: api.loading,
    disabled: api.disabled,
    clickable: api.clickable,
    getButtonProps: () => normalizeProps(api.getButtonProps()),
    setDisabled: api.setDisabled,
    setLoading: api.setLoading,
    actor,
  };
}
