import { beforeEach, describe, expect, it, vi } from 'vitest';
import { isExkitError } from '../../../core/errors/index.js';
import type * as RenderDiagramModule from '../../../react/inspector/render-diagram.js';
import { invalid } from '../../support/invalid-argument.js';

// Mermaid cannot lay out in jsdom: a stand-in records what it is given, in order, and answers each render with
// an SVG naming its id, or with what the test queued for that call.
const fake = vi.hoisted(() => {
  const log: string[] = [];
  const answers: (() => Promise<{ svg: string }>)[] = [];
  const elk = { name: 'elk layouts' };
  const mermaid = {
    registerLayoutLoaders: vi.fn((_loaders: unknown) => void log.push('register')),
    initialize: vi.fn(
      (config: { themeVariables: { darkMode: boolean } }) =>
        void log.push(`initialize ${config.themeVariables.darkMode ? 'dark' : 'light'}`),
    ),
    render: vi.fn(async (id: string, source: string) => {
      log.push(`render ${id}`);
      const answer = answers.shift();
      const out = answer ? await answer() : { svg: `<svg id="${id}">${source}</svg>` };
      log.push(`done ${id}`);
      return out;
    }),
  };
  return { log, answers, elk, mermaid };
});
vi.mock('mermaid', () => ({ default: fake.mermaid }));
vi.mock('@mermaid-js/layout-elk', () => ({ default: fake.elk }));

let mod: typeof RenderDiagramModule;
beforeEach(async () => {
  // A fresh module per test: its loader, queue and counter start anew.
  vi.resetModules();
  fake.log.length = 0;
  fake.answers.length = 0;
  vi.clearAllMocks();
  mod = await import('../../../react/inspector/render-diagram.js');
});

const deferred = () => {
  let resolve!: (value: { svg: string }) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<{ svg: string }>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

describe('PALETTES', () => {
  it('holds the exact colours of each theme', () => {
    expect(mod.PALETTES).toEqual({
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
    });
  });
});

describe('renderDiagram', () => {
  it('renders with the ELK layout, strict security and the light palette', async () => {
    await expect(mod.renderDiagram('stateDiagram-v2\n  a --> b', 'light')).resolves.toBe(
      '<svg id="exkit-inspector-diagram-1">stateDiagram-v2\n  a --> b</svg>',
    );
    expect(fake.mermaid.registerLayoutLoaders.mock.calls).toEqual([[fake.elk]]);
    expect(fake.mermaid.render.mock.calls).toEqual([['exkit-inspector-diagram-1', 'stateDiagram-v2\n  a --> b']]);
    expect(fake.mermaid.initialize.mock.calls).toEqual([
      [
        {
          startOnLoad: false,
          securityLevel: 'strict',
          theme: 'base',
          layout: 'elk',
          fontFamily: FONT,
          themeVariables: {
            darkMode: false,
            background: '#ffffff',
            fontSize: '14px',
            primaryColor: '#edf2f8',
            primaryBorderColor: '#55667a',
            primaryTextColor: '#16202c',
            secondaryColor: '#f7f9fc',
            tertiaryColor: '#f7f9fc',
            textColor: '#16202c',
            lineColor: '#44526a',
            nodeBorder: '#55667a',
            mainBkg: '#edf2f8',
            stateBkg: '#edf2f8',
            stateLabelColor: '#16202c',
            labelColor: '#16202c',
            transitionColor: '#44526a',
            transitionLabelColor: '#16202c',
            labelBackgroundColor: '#ffffff',
            edgeLabelBackground: '#ffffff',
            compositeBackground: '#f7f9fc',
            compositeTitleBackground: '#e1e8f1',
            compositeBorder: '#55667a',
            altBackground: '#e1e8f1',
            clusterBkg: '#f7f9fc',
            clusterBorder: '#55667a',
            specialStateColor: '#44526a',
            innerEndBackground: '#44526a',
          },
          state: { useMaxWidth: false, padding: 12, nodeSpacing: 40, rankSpacing: 60 },
          elk: { mergeEdges: false, nodePlacementStrategy: 'BRANDES_KOEPF' },
        },
      ],
    ]);
  });

  it('renders the dark theme in the dark palette', async () => {
    await mod.renderDiagram('stateDiagram-v2', 'dark');
    const config = fake.mermaid.initialize.mock.calls[0]![0] as unknown as Record<string, unknown>;
    expect(config).toMatchObject({ startOnLoad: false, securityLevel: 'strict', theme: 'base', layout: 'elk', fontFamily: FONT });
    expect(config.themeVariables).toEqual({
      darkMode: true,
      background: '#10151b',
      fontSize: '14px',
      primaryColor: '#213042',
      primaryBorderColor: '#93a7bf',
      primaryTextColor: '#e8eef5',
      secondaryColor: '#161e28',
      tertiaryColor: '#161e28',
      textColor: '#e8eef5',
      lineColor: '#b3c1d1',
      nodeBorder: '#93a7bf',
      mainBkg: '#213042',
      stateBkg: '#213042',
      stateLabelColor: '#e8eef5',
      labelColor: '#e8eef5',
      transitionColor: '#b3c1d1',
      transitionLabelColor: '#e8eef5',
      labelBackgroundColor: '#10151b',
      edgeLabelBackground: '#10151b',
      compositeBackground: '#161e28',
      compositeTitleBackground: '#2a3a4f',
      compositeBorder: '#93a7bf',
      altBackground: '#2a3a4f',
      clusterBkg: '#161e28',
      clusterBorder: '#93a7bf',
      specialStateColor: '#b3c1d1',
      innerEndBackground: '#b3c1d1',
    });
  });

  it('loads Mermaid and registers ELK once, gives each render its own id, and sets the theme on each', async () => {
    await mod.renderDiagram('one', 'light');
    await mod.renderDiagram('two', 'dark');
    await expect(mod.renderDiagram('three', 'light')).resolves.toBe('<svg id="exkit-inspector-diagram-3">three</svg>');
    expect(fake.log).toEqual([
      'register',
      'initialize light',
      'render exkit-inspector-diagram-1',
      'done exkit-inspector-diagram-1',
      'initialize dark',
      'render exkit-inspector-diagram-2',
      'done exkit-inspector-diagram-2',
      'initialize light',
      'render exkit-inspector-diagram-3',
      'done exkit-inspector-diagram-3',
    ]);
  });

  it('renders one diagram at a time: the next starts when the last has finished', async () => {
    const first = deferred();
    fake.answers.push(() => first.promise);
    const a = mod.renderDiagram('a', 'light');
    const b = mod.renderDiagram('b', 'dark');
    await vi.waitFor(() => expect(fake.log).toContain('render exkit-inspector-diagram-1'));
    // Let every pending step run: b must still wait for a.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(fake.log).toEqual(['register', 'initialize light', 'render exkit-inspector-diagram-1']);
    first.resolve({ svg: '<svg>a</svg>' });
    await expect(a).resolves.toBe('<svg>a</svg>');
    await expect(b).resolves.toBe('<svg id="exkit-inspector-diagram-2">b</svg>');
    expect(fake.log.slice(3)).toEqual([
      'done exkit-inspector-diagram-1',
      'initialize dark',
      'render exkit-inspector-diagram-2',
      'done exkit-inspector-diagram-2',
    ]);
  });

  it('a source Mermaid refuses rejects as a DiagramRenderError with its message, and the next render goes on', async () => {
    const refusal = new Error('Parse error on line 2');
    fake.answers.push(() => Promise.reject(refusal));
    const failed = mod.renderDiagram('bad', 'light');
    const next = mod.renderDiagram('good', 'light');
    const error = await failed.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(mod.DiagramRenderError);
    expect(isExkitError(error, 'DiagramRenderError')).toBe(true);
    expect(error).toMatchObject({
      name: 'DiagramRenderError',
      code: 'DIAGRAM_RENDER_FAILED',
      message: 'Parse error on line 2',
      cause: refusal,
    });
    await expect(next).resolves.toBe('<svg id="exkit-inspector-diagram-2">good</svg>');
  });

  it('a refusal that is no Error is named in the message', async () => {
    fake.answers.push(() => Promise.reject('no layout'));
    await expect(mod.renderDiagram('x', 'dark')).rejects.toMatchObject({
      name: 'DiagramRenderError',
      code: 'DIAGRAM_RENDER_FAILED',
      message: '"no layout"',
      cause: 'no layout',
    });
  });

  it('a Mermaid that fails to load rejects as a DiagramRenderError, and is loaded again on the next render', async () => {
    fake.mermaid.registerLayoutLoaders.mockImplementationOnce(() => {
      throw new Error('layout-elk is not installed');
    });
    await expect(mod.renderDiagram('x', 'light')).rejects.toMatchObject({
      name: 'DiagramRenderError',
      code: 'DIAGRAM_RENDER_FAILED',
      message: 'layout-elk is not installed',
    });
    expect(fake.mermaid.initialize).not.toHaveBeenCalled();
    await expect(mod.renderDiagram('y', 'light')).resolves.toBe('<svg id="exkit-inspector-diagram-1">y</svg>');
    expect(fake.mermaid.registerLayoutLoaders).toHaveBeenCalledTimes(2);
    await mod.renderDiagram('z', 'light');
    expect(fake.mermaid.registerLayoutLoaders).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['source', () => mod.renderDiagram(42 as unknown as string, 'light'), 'renderDiagram: source must be a string, got 42'],
    ['theme', () => mod.renderDiagram('a', 'sepia' as never), "renderDiagram: theme must be 'light' or 'dark', got \"sepia\""],
    ['theme', () => mod.renderDiagram('a', undefined as never), "renderDiagram: theme must be 'light' or 'dark', got undefined"],
  ])('a wrong %s rejects as an InvalidArgumentError, never throwing, and renders nothing', async (field, call, message) => {
    let result: Promise<string> | undefined;
    expect(() => (result = call())).not.toThrow();
    const error = await result!.then(
      () => undefined,
      (e: unknown) => e,
    );
    // The module is loaded afresh for each test: its errors are known by their mark, not by this copy's class.
    expect(isExkitError(error, 'InvalidArgumentError')).toBe(true);
    expect(error).toEqual(invalid(field, message));
    expect(fake.mermaid.render).not.toHaveBeenCalled();
    await expect(mod.renderDiagram('after', 'dark')).resolves.toBe('<svg id="exkit-inspector-diagram-1">after</svg>');
  });
});
