import { buttonStatus } from './button.machine.js';
import type { ButtonEvent, ButtonStatus } from './button.machine.js';
import type { buttonMachine } from './button.machine.js';
import type { SnapshotFrom } from 'xstate';
import type { Send } from './props.js';
import { checkSend, readView } from './connect-checks.js';
import { BOOLEAN, required } from './fields.js';
import type { FieldRules } from './fields.js';

const BUTTON_STATUS_RULES: FieldRules<ButtonStatus> = {
  loading: required(BOOLEAN),
  disabled: required(BOOLEAN),
  clickable: required(BOOLEAN),
};

export interface ButtonProps {
  type: 'button';
  /** The native `disabled`, only while the caller disabled it. */
  disabled: boolean;
  'aria-disabled': boolean;
  'aria-busy': boolean;
  'data-loading': '' | undefined;
  'data-disabled': '' | undefined;
  onclick: () => void;
}

/** A button's flags and the props of its <button>, in DOM terms. */
export interface ButtonApi extends ButtonStatus {
  /**
   * Disabled sets the native `disabled`; loading keeps the button focusable but `aria-disabled` and `aria-busy`
   * (as React Aria's pending button does); `data-loading` and `data-disabled` are present while each holds.
   */
  getButtonProps(): ButtonProps;
  setDisabled(disabled: boolean): void;
  setLoading(loading: boolean): void;
}

/**
 * The props of a button driven by a button actor (`connectButton(actor.getSnapshot(), actor.send)`), for any
 * renderer; a bad state or send is an InvalidArgumentError naming it.
 */
export function connectButton(state: SnapshotFrom<typeof buttonMachine> | ButtonStatus, send: Send<ButtonEvent>): ButtonApi {
  const { loading, disabled, clickable } = readView('connectButton', state, buttonStatus, BUTTON_STATUS_RULES);
  send = checkSend('connectButton', send);
  return {
    loading,
    disabled,
    clickable,
    getButtonProps: () => ({
      type: 'button',
      disabled,
      'aria-disabled': loading || disabled,
      'aria-busy': loading,
      'data-loading': loading ? '' : undefined,
      'data-disabled': disabled ? '' : undefined,
      onclick: () => send({ type: 'CLICK' }),
    }),
    setDisabled: (value) => send({ type: value ? 'DISABLE' : 'ENABLE' }),
    setLoading: (value) => send({ type: value ? 'START_LOADING' : 'STOP_LOADING' }),
  };
}
