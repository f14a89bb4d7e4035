// exkit/machines: the XState v5 machines and the diagram exporter.
export * from './diagram/index.js';
export * from './button.machine.js';
export * from './captcha.machine.js';
export * from './captcha.service.js';
export * from './simulation.machine.js';
export * from './bridge-request.machine.js';
export * from './signing-init.machine.js';
export * from './toast.machine.js';
export * from './toaster.machine.js';
export * from './toast.api.js';
export * from './popup.machine.js';
export * from './notification.machine.js';
export * from './notifier.machine.js';
export * from './message-box.machine.js';
export * from './message-box-queue.machine.js';
export * from './message-box.api.js';
export * from './loading-overlay.machine.js';
export * from './loading.api.js';
export * from './ui-kit.js';
export { appHost, appLayers, appToaster } from './app-host.js';
export * from './risk-token.machine.js';
export { RiskTokenEmptyError } from './errors.js';
export * from './risk-token.service.js';
export * from './props.js';
export {
  branchEffect,
  findNode,
  focusTrapEffect,
  layerEffect,
  LAYER_NODE_INVALID_EVENT,
  NODE_ATTRIBUTE,
  scrollLockEffect,
  whenElement,
} from './ui-effects.js';
export type {
  BranchEffectInput,
  FocusTrapEffectInput,
  LayerEffectEvent,
  LayerEffectInput,
  RegionContext,
  RegionInput,
  ScrollLockEffectInput,
} from './ui-effects.js';
export * from './popup.connect.js';
export * from './toaster.connect.js';
export * from './notifier.connect.js';
export * from './message-box.connect.js';
export * from './loading-overlay.connect.js';
export * from './button.connect.js';
export { ACTOR_ERROR_EVENT } from './error-events.js';
