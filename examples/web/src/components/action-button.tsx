// Every action button of the example runs through exkit's button machine (useButton): a click starts the
// action and puts the button in loading until the action settles, so a double-click, or a click while a call
// is in flight, does not run it twice. Loading lasts at least the double-click interval, so even an action that
// finishes at once (showing a toast) takes the second click of a double-click as part of the first. A form's
// submit button checks its fields first: a refused click starts nothing, so it does not load either, and the
// visitor's corrected submit right after it is taken.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ButtonHTMLAttributes, MouseEvent as ReactMouseEvent, ReactNode } from 'react';
import { useButton } from 'exkit/react';
import type { UseButtonResult } from 'exkit/react';

/** Windows' default double-click time, the longest of the common platforms' defaults (macOS and GNOME use less). */
export const DOUBLE_CLICK_MS = 500;

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface ActionButtonOptions {
  /** Disables the button (the machine's other region: loading and disabled are independent). */
  disabled?: boolean;
  /**
   * Checked on each click that the machine takes, before the action: false refuses the click (a form whose
   * fields need fixing shows why), so the action does not run and the button does not load.
   */
  accepts?: () => boolean;
}

/**
 * A button actor whose click runs `action` once and keeps the button loading until the action's promise (if
 * it returns one) settles, and for at least DOUBLE_CLICK_MS; a click `accepts` refuses runs nothing.
 */
export function useActionButton(action: () => unknown, options: ActionButtonOptions = {}): UseButtonResult {
  const latest = useRef({ action, accepts: options.accepts });
  // Updated as the render commits, before the browser hands the page another event: a click right after a
  // keystroke reads the fields as typed.
  useLayoutEffect(() => {
    latest.current = { action, accepts: options.accepts };
  });
  const api = useRef<UseButtonResult | undefined>(undefined);
  const button = useButton(() => {
    const { setLoading } = api.current!;
    const { action: run, accepts } = latest.current;
    if (accepts !== undefined && !accepts()) return;
    setLoading(true);
    let outcome: unknown;
    try {
      outcome = run();
    } catch (error) {
      outcome = Promise.reject(error);
    }
    void Promise.allSettled([Promise.resolve(outcome), wait(DOUBLE_CLICK_MS)]).then(() => setLoading(false));
  });
  useLayoutEffect(() => {
    api.current = button;
  });
  const { setDisabled } = button;
  const disabled = options.disabled === true;
  useEffect(() => setDisabled(disabled), [setDisabled, disabled]);
  return button;
}

export interface ActionButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'disabled' | 'type'> {
  /** What a click does (given the click, for where it was); a returned promise keeps the button loading until it settles. */
  action: (click: ReactMouseEvent<HTMLButtonElement> | undefined) => unknown;
  /** Disables the button (the machine's other region: loading and disabled are independent). */
  disabled?: boolean;
  /** Checked before the action on each click: false refuses the click without running the action or loading. */
  accepts?: () => boolean;
  /** 'submit' for a form's button: the form's Enter goes through the same machine. */
  type?: 'button' | 'submit';
  /** Shown instead of the children while the action runs. */
  busy?: ReactNode;
  children: ReactNode;
}

/** A <button> for an action, driven by exkit's button machine (see useActionButton). */
export function ActionButton({ action, disabled, accepts, type, busy, children, ...rest }: ActionButtonProps) {
  const click = useRef<ReactMouseEvent<HTMLButtonElement> | undefined>(undefined);
  const button = useActionButton(() => action(click.current), { disabled, accepts });
  const props = button.getButtonProps();
  return (
    <button
      {...rest}
      {...props}
      type={type ?? 'button'}
      data-action-button=""
      onClick={(event) => {
        click.current = event;
        props.onClick?.();
      }}
    >
      {button.loading && busy !== undefined ? busy : children}
    </button>
  );
}
