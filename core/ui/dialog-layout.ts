import { isMobileWidth, MOBILE_BREAKPOINT_PX } from '../validate/layout.js';
import { DialogRoleMissingError } from './errors.js';
import { expectObjectWith, readGuarded, readRecord } from '../validate/describe-value.js';

/** Spec §S2: dialog widths in CSS pixels. */
export const DIALOG_WIDTHS_PX = { small: 396, medium: 480, large: 640, extraLarge: 720 } as const;
/** Spec §S2: a dialog's default top offset. */
export const DIALOG_TOP_OFFSET = '15vh';
/** Spec §S2: on mobile a dialog is at most this tall. */
export const DIALOG_MOBILE_MAX_HEIGHT = '80vh';
/** Spec §S2: on mobile a dialog is at least this tall. */
export const DIALOG_MOBILE_MIN_HEIGHT = '30vh';

export type DialogSize = keyof typeof DIALOG_WIDTHS_PX;

export interface DialogLayoutOptions {
  /** Default 'medium'. */
  size?: DialogSize;
  /** CSS length for the top offset (default DIALOG_TOP_OFFSET; message boxes pass 30vh). */
  top?: string;
  /** The viewport width in CSS pixels, to pick the mobile layout. */
  viewportWidth: number;
  mobileBreakpoint?: number;
}

/** Inline layout of a dialog panel: framework-neutral style values for the chosen size and viewport. */
export interface DialogLayout {
  width: string;
  maxWidth: string;
  marginTop: string;
  maxHeight?: string;
  minHeight?: string;
  mobile: boolean;
}

/** The dialog widget's layout rules (spec §S2): width per size, top offset, mobile height limits below 768 px. */
export function dialogLayout(options: DialogLayoutOptions): DialogLayout {
  options = readRecord('options', options, 'dialogLayout');
  const mobile = isMobileWidth(options.viewportWidth, options.mobileBreakpoint ?? MOBILE_BREAKPOINT_PX);
  const layout: DialogLayout = {
    width: `${DIALOG_WIDTHS_PX[options.size ?? 'medium']}px`,
    // Never wider than the viewport; the seed gives no mobile width, so the panel simply fits.
    maxWidth: '100%',
    marginTop: options.top ?? DIALOG_TOP_OFFSET,
    mobile,
  };
  if (mobile) {
    layout.maxHeight = DIALOG_MOBILE_MAX_HEIGHT;
    layout.minHeight = DIALOG_MOBILE_MIN_HEIGHT;
  }
  return layout;
}

/** Returns `node` when it is a dialog node (role dialog/alertdialog or a <dialog>); throws DialogRoleMissingError otherwise. */
export function assertDialogNode<T extends Element>(node: T | null | undefined): T {
  if (!node) throw new DialogRoleMissingError();
  expectObjectWith('node', node, 'assertDialogNode', ['getAttribute']);
  const [role, tagName] = readGuarded('node', 'a DOM element', node, 'assertDialogNode', () => [node.getAttribute('role'), node.tagName]);
  if (role === 'dialog' || role === 'alertdialog') return node;
  if (tagName === 'DIALOG' && (role === null || role === '')) return node;
  throw new DialogRoleMissingError(role ?? String(tagName).toLowerCase());
}
