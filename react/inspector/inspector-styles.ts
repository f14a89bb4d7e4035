import { PALETTES } from './render-diagram.js';
import type { InspectorTheme } from './render-diagram.js';

/** The inspector's custom properties for `theme`, set on its root element. */
export function themeVariables(theme: InspectorTheme): Record<string, string> {
  const p = PALETTES[theme];
  return {
    '--exkit-i-bg': p.background,
    '--exkit-i-text': p.text,
    '--exkit-i-muted': p.muted,
    '--exkit-i-panel': p.panel,
    '--exkit-i-border': p.border,
    '--exkit-i-live': p.live,
    '--exkit-i-live-text': p.liveText,
  };
}

// One stylesheet, scoped under .exkit-inspector. The live highlight needs !important: Mermaid's own sheet sits
// inside the SVG under an id selector.
export const INSPECTOR_CSS = `
.exkit-inspector { container-type: inline-size; color: var(--exkit-i-text); background: var(--exkit-i-bg); border: 1px solid var(--exkit-i-border); border-radius: 8px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.exkit-inspector *, .exkit-inspector *::before, .exkit-inspector *::after { box-sizing: border-box; }
.exkit-inspector button, .exkit-inspector select, .exkit-inspector textarea { font: inherit; color: var(--exkit-i-text); background: var(--exkit-i-panel); border: 1px solid var(--exkit-i-border); border-radius: 6px; }
.exkit-inspector button { min-height: 32px; padding: 2px 10px; cursor: pointer; }
.exkit-inspector button:focus-visible, .exkit-inspector-frame:focus-visible, .exkit-inspector select:focus-visible { outline: 2px solid var(--exkit-i-live); outline-offset: 2px; }
.exkit-inspector-layout { display: grid; grid-template-columns: minmax(180px, 240px) minmax(0, 1fr); }
.exkit-inspector-actors { list-style: none; margin: 0; padding: 8px; border-right: 1px solid var(--exkit-i-border); max-height: 80vh; overflow: auto; }
.exkit-inspector-actors li { margin: 0 0 4px; }
.exkit-inspector-actors button { width: 100%; text-align: start; display: flex; flex-direction: column; background: transparent; border-color: transparent; }
.exkit-inspector-actors button[aria-current="true"] { border-color: var(--exkit-i-live); background: var(--exkit-i-panel); }
.exkit-inspector-actors small, .exkit-inspector-muted { color: var(--exkit-i-muted); }
.exkit-inspector-actors small { overflow-wrap: anywhere; }
.exkit-inspector-actor-select { display: none; }
.exkit-inspector-main { min-width: 0; padding: 12px; }
.exkit-inspector-main h3 { margin: 0 0 4px; font-size: 16px; overflow-wrap: anywhere; }
.exkit-inspector-state { margin: 0 0 8px; overflow-wrap: anywhere; }
.exkit-inspector-state code { background: var(--exkit-i-live); color: var(--exkit-i-live-text); padding: 0 4px; border-radius: 4px; }
.exkit-inspector-zoom { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin-bottom: 6px; }
.exkit-inspector-zoom output { min-width: 4ch; text-align: center; font-variant-numeric: tabular-nums; }
.exkit-inspector-frame { position: relative; overflow: hidden; touch-action: none; cursor: grab; background: var(--exkit-i-bg); border: 1px solid var(--exkit-i-border); border-radius: 6px; max-height: 75vh; user-select: none; }
.exkit-inspector-frame:active { cursor: grabbing; }
.exkit-inspector-canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; will-change: transform; }
.exkit-inspector-canvas svg { display: block; max-width: none; }
.exkit-inspector g.node.exkit-live > rect, .exkit-inspector g.node.exkit-live > path, .exkit-inspector g.node.exkit-live > g > rect, .exkit-inspector g.node.exkit-live > g > path, .exkit-inspector g.node.exkit-live > .basic { fill: var(--exkit-i-live) !important; stroke: var(--exkit-i-text) !important; stroke-width: 2px !important; }
.exkit-inspector g.node.exkit-live .label, .exkit-inspector g.node.exkit-live .nodeLabel { color: var(--exkit-i-live-text) !important; fill: var(--exkit-i-live-text) !important; }
.exkit-inspector g.cluster.exkit-live > rect, .exkit-inspector g.cluster.exkit-live > g > rect, .exkit-inspector g.statediagram-cluster.exkit-live rect { stroke: var(--exkit-i-live) !important; stroke-width: 4px !important; }
.exkit-inspector g.cluster.exkit-live .cluster-label, .exkit-inspector g.cluster.exkit-live .nodeLabel { text-decoration: underline 3px var(--exkit-i-live); text-underline-offset: 3px; }
.exkit-inspector g[data-send-event] { cursor: pointer; }
.exkit-inspector g[data-send-event]:hover span, .exkit-inspector g[data-send-event]:hover p, .exkit-inspector g[data-send-event]:focus-visible span, .exkit-inspector g[data-send-event]:focus-visible p { text-decoration: underline; }
.exkit-inspector g[data-send-event].exkit-accepts p, .exkit-inspector g[data-send-event].exkit-accepts span.edgeLabel { text-decoration: underline dotted; text-underline-offset: 2px; }
.exkit-inspector g[data-send-event]:focus-visible { outline: 2px solid var(--exkit-i-live); }
.exkit-inspector-columns { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 2fr); gap: 12px; margin-top: 12px; }
.exkit-inspector-columns h4 { margin: 0 0 6px; font-size: 14px; }
.exkit-inspector-events { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 8px; padding: 0; list-style: none; }
.exkit-inspector-events button[data-enabled="false"] { border-style: dashed; }
.exkit-inspector textarea { width: 100%; min-height: 3em; padding: 4px 6px; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; }
.exkit-inspector-error { color: #c62828; }
.exkit-inspector[data-theme="dark"] .exkit-inspector-error { color: #ff8a80; }
.exkit-inspector-log { list-style: none; margin: 0; padding: 0; max-height: 420px; overflow: auto; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12.5px; }
.exkit-inspector-log li { padding: 6px 0; border-top: 1px solid var(--exkit-i-border); overflow-wrap: anywhere; }
.exkit-inspector-log ul { margin: 2px 0 0; padding-inline-start: 18px; }
.exkit-inspector-change-added { color: #2e7d32; }
.exkit-inspector-change-removed { color: #c62828; }
.exkit-inspector[data-theme="dark"] .exkit-inspector-change-added { color: #81c784; }
.exkit-inspector[data-theme="dark"] .exkit-inspector-change-removed { color: #ff8a80; }
@container (max-width: 640px) {
  .exkit-inspector-layout { grid-template-columns: minmax(0, 1fr); }
  .exkit-inspector-actors { display: none; }
  .exkit-inspector-actor-select { display: block; width: 100%; min-height: 40px; margin-bottom: 8px; }
  .exkit-inspector-columns { grid-template-columns: minmax(0, 1fr); }
  .exkit-inspector-main { padding: 8px; }
}
`;
