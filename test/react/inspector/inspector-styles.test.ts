import { describe, expect, it } from 'vitest';
import { INSPECTOR_CSS, themeVariables } from '../../../react/inspector/inspector-styles.js';

describe('themeVariables', () => {
  it('sets the light palette on the custom properties the stylesheet reads', () => {
    expect(themeVariables('light')).toEqual({
      '--exkit-i-bg': '#ffffff',
      '--exkit-i-text': '#16202c',
      '--exkit-i-muted': '#4f5d6d',
      '--exkit-i-panel': '#f4f6f9',
      '--exkit-i-border': '#c9d2dd',
      '--exkit-i-live': '#ffd24d',
      '--exkit-i-live-text': '#16202c',
    });
  });

  it('sets the dark palette on the same properties', () => {
    expect(themeVariables('dark')).toEqual({
      '--exkit-i-bg': '#10151b',
      '--exkit-i-text': '#e8eef5',
      '--exkit-i-muted': '#a9b6c5',
      '--exkit-i-panel': '#18202a',
      '--exkit-i-border': '#3a4757',
      '--exkit-i-live': '#ffcf3f',
      '--exkit-i-live-text': '#10151b',
    });
  });

  it('every property it sets is one the stylesheet reads, and the stylesheet reads no other', () => {
    const read = new Set([...INSPECTOR_CSS.matchAll(/var\((--exkit-i-[a-z-]+)\)/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual(Object.keys(themeVariables('light')).sort());
  });
});

describe('INSPECTOR_CSS', () => {
  // The rules the components rely on: what jsdom's CSS parser reads back for each selector.
  const sheet = () => {
    const style = document.createElement('style');
    style.textContent = INSPECTOR_CSS;
    document.head.append(style);
    const rules = [...style.sheet!.cssRules];
    style.remove();
    return rules;
  };
  const rule = (selector: string) => sheet().find((r) => (r as CSSStyleRule).selectorText === selector) as CSSStyleRule | undefined;

  it.each([
    ['.exkit-inspector-frame', { overflow: 'hidden', 'touch-action': 'none', cursor: 'grab', position: 'relative', 'user-select': 'none' }],
    ['.exkit-inspector-canvas', { position: 'absolute', 'transform-origin': '0 0', left: '0px', top: '0px' }],
    ['.exkit-inspector-canvas svg', { display: 'block', 'max-width': 'none' }],
    ['.exkit-inspector g[data-send-event]', { cursor: 'pointer' }],
    ['.exkit-inspector g[data-send-event]:focus-visible', { outline: '2px solid var(--exkit-i-live)' }],
    ['.exkit-inspector-zoom', { display: 'flex' }],
  ])('%s is styled for the viewer', (selector, declarations) => {
    const found = rule(selector);
    expect(found).toBeDefined();
    for (const [name, value] of Object.entries(declarations)) expect([name, found!.style.getPropertyValue(name)]).toEqual([name, value]);
  });

  it('the live highlight overrides Mermaid’s own colours', () => {
    const live = sheet().find((r) =>
      (r as CSSStyleRule).selectorText?.startsWith('.exkit-inspector g.node.exkit-live > rect'),
    ) as CSSStyleRule;
    expect(live.style.getPropertyValue('fill')).toBe('var(--exkit-i-live)');
    expect(INSPECTOR_CSS).toContain('fill: var(--exkit-i-live) !important; stroke: var(--exkit-i-text) !important;');
    expect(INSPECTOR_CSS).toContain('.exkit-inspector g.cluster.exkit-live > rect');
    expect(INSPECTOR_CSS).toContain('.exkit-inspector g[data-send-event].exkit-accepts p');
  });
});
