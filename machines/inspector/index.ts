export { createInspector, DEFAULT_LOG_LIMIT, MAX_INSPECTOR_LIMIT } from './inspector.js';
export type { Inspector, InspectorOptions, InspectedActor, InspectedTransition, InspectorLogEntry, RecordingMode } from './inspector.js';
export { acceptedEvents, activeStatePaths } from './accepted-events.js';
export type { AcceptedEvent } from './accepted-events.js';
export { diffContext, DEFAULT_DIFF_LIMIT, DEFAULT_DIFF_DEPTH } from './context-diff.js';
export type { ContextChange, ContextChangeKind, ContextDiff, ContextDiffOptions } from './context-diff.js';
export { previewValue, MAX_PREVIEW_LENGTH } from './preview-value.js';
export { fitToWidth, panBy, zoomAt, zoomTo, MIN_ZOOM, MAX_ZOOM } from './viewport.js';
export type { Viewport } from './viewport.js';
