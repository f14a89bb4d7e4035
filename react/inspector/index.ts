'use client';
export * from '../../machines/inspector/index.js';
export * from './machine-inspector.js';
export * from './use-inspector.js';
export * from './diagram-viewport.js';
export { INSPECTOR_TEXTS } from './inspector-texts.js';
export type { InspectorTexts } from './inspector-texts.js';
export { DiagramRenderError, PALETTES, renderDiagram } from './render-diagram.js';
export type { InspectorPalette, InspectorTheme } from './render-diagram.js';
