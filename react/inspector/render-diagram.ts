// Mermaid with the ELK layout, imported on first use (never at module load, so `exkit/inspector` costs an app
// nothing until a diagram is shown, and nothing comes from a CDN), rendering one diagram at a time in the
// palette of the inspector's theme.
import type Mermaid from 'mermaid';
import type { MermaidConfig } from 'mermaid';
import { ExkitError } from '../../core/errors/index.js';
import { describeValue, invalidArgument } from '../../core/validate/describe-value.js';

export type InspectorTheme = 'light' | 'dark';

/** The colours of one theme: page, states, composite states, edges and their labels, and the live highlight. */
export interface InspectorPalette {
  background: string;
  text: string;
  muted: string;
  state: string;
  stateBorder: string;
  composite: string;
  compositeTitle: string;
  edge: string;
  live: string;
  liveText: string;
  panel: string;
  border: string;
}

// Contrast checked against WCAG AA (4.5:1 for text, 3:1 for lines) on the theme's own background, so the
// diagram reads the same whatever card the host app puts it on.
export const PALETTES: Readonly<Record<InspectorTheme, InspectorPalette>> = {
  light: {
    background: '#ffffff',
    text: '#16202c',
    muted: '#4f5d6d',
    state: '#edf2f8',
    stateBorder: '#55667a',
    composite: '#f7f9fc',
    compositeTitle: '#e1e8f1',
    edge: '#44526a',
    live: '#ffd24d',
    liveText: '#16202c',
    panel: '#f4f6f9',
    border: '#c9d2dd',
  },
  dark: {
    background: '#10151b',
    text: '#e8eef5',
    muted: '#a9b6c5',
    state: '#213042',
    stateBorder: '#93a7bf',
    composite: '#161e28',
    compositeTitle: '#2a3a4f',
    edge: '#b3c1d1',
    live: '#ffcf3f',
    liveText: '#10151b',
    panel: '#18202a',
    border: '#3a4757',
  },
};

function mermaidConfig(theme: InspectorTheme): MermaidConfig {
  const p = PALETTES[theme];
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    theme: 'base',
    layout: 'elk',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    themeVariables: {
      darkMode: theme === 'dark',
      background: p.background,
      fontSize: '14px',
      primaryColor: p.state,
      primaryBorderColor: p.stateBorder,
      primaryTextColor: p.text,
      secondaryColor: p.composite,
      tertiaryColor: p.composite,
      textColor: p.text,
      lineColor: p.edge,
      nodeBorder: p.stateBorder,
      mainBkg: p.state,
      stateBkg: p.state,
      stateLabelColor: p.text,
      labelColor: p.text,
      transitionColor: p.edge,
      transitionLabelColor: p.text,
      labelBackgroundColor: p.background,
      edgeLabelBackground: p.background,
      compositeBackground: p.composite,
      compositeTitleBackground: p.compositeTitle,
      compositeBorder: p.stateBorder,
      altBackground: p.compositeTitle,
      clusterBkg: p.composite,
      clusterBorder: p.stateBorder,
      specialStateColor: p.edge,
      innerEndBackground: p.edge,
    },
    state: { useMaxWidth: false, padding: 12, nodeSpacing: 40, rankSpacing: 60 },
    elk: { mergeEdges: false, nodePlacementStrategy: 'BRANDES_KOEPF' },
  } as MermaidConfig;
}

/**
 * A diagram Mermaid could not draw: its optional peers (`mermaid`, `@mermaid-js/layout-elk`) could not be imported,
 * or it refused the source. The message is Mermaid's own; `cause` holds its error.
 */
export class DiagramRenderError extends ExkitError {
  override name = 'DiagramRenderError';
  constructor(msg: string, cause: unknown) {
    super('DIAGRAM_RENDER_FAILED', msg, { cause });
  }
}

type MermaidApi = typeof Mermaid;

let loading: Promise<MermaidApi> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let counter = 0;

function loadMermaid(): Promise<MermaidApi> {
  loading ??= Promise.all([import('mermaid'), import('@mermaid-js/layout-elk')]).then(([{ default: mermaid }, { default: elkLayouts }]) => {
    mermaid.registerLayoutLoaders(elkLayouts);
    return mermaid;
  });
  // A failed import (the optional peers not installed) may be retried after the app installs them.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/**
 * Renders Mermaid `source` to SVG text with the ELK layout in `theme`'s palette; calls run one after another.
 * Rejects with an InvalidArgumentError for a source that is no string or a theme other than 'light' and 'dark',
 * and with a DiagramRenderError when Mermaid cannot be loaded or refuses the source.
 */
export function renderDiagram(source: string, theme: InspectorTheme): Promise<string> {
  if (typeof source !== 'string') return Promise.reject(invalidArgument('source', 'a string', source, 'renderDiagram'));
  if (theme !== 'light' && theme !== 'dark') return Promise.reject(invalidArgument('theme', "'light' or 'dark'", theme, 'renderDiagram'));
  const run = queue.then(async () => {
    try {
      const mermaid = await loadMermaid();
      mermaid.initialize(mermaidConfig(theme));
      const { svg } = await mermaid.render(`exkit-inspector-diagram-${++counter}`, source);
      return svg;
    } catch (cause) {
      throw new DiagramRenderError(cause instanceof Error ? cause.message : describeValue(cause), cause);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
