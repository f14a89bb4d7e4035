export { LAYER_BASE, createLayerCounter } from './layer-counter.js';
export type { LayerCounter } from './layer-counter.js';
export { createLayerStack } from './layer-stack.js';
export type { LayerHandle, LayerOptions, LayerStack } from './layer-stack.js';
export { SCROLL_RESTORE_DELAY_MS, createScrollLock } from './scroll-lock.js';
export type { ScrollLock, ScrollLockOptions } from './scroll-lock.js';
export { createFocusTrap, tabbables } from './focus-trap.js';
export type { FocusTrap, FocusTrapOptions } from './focus-trap.js';
export {
  DIALOG_MOBILE_MAX_HEIGHT,
  DIALOG_MOBILE_MIN_HEIGHT,
  DIALOG_TOP_OFFSET,
  DIALOG_WIDTHS_PX,
  assertDialogNode,
  dialogLayout,
} from './dialog-layout.js';
export type { DialogLayout, DialogLayoutOptions, DialogSize } from './dialog-layout.js';
export { stackOffsets } from './stack-offsets.js';
export { DialogRoleMissingError, LoadingTargetMissingError } from './errors.js';
export { createUiHost } from './ui-host.js';
export type { LayerHost, UiHost, UiHostOptions } from './ui-host.js';
export { REDUCED_MOTION_QUERY, fixedMotion, motionPreference } from './motion.js';
export type { MotionPreference } from './motion.js';
export { applyProps } from './apply-props.js';
