// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { assertDialogNode, dialogLayout, DIALOG_WIDTHS_PX, stackOffsets } from '../../../core/ui/index.js';
import { jsdomPort } from './dom.js';

describe('dialog layout', () => {
  it('"widths small 396, medium 480, large 640, extraLarge 720 px; default top offset 15vh"', () => {
    expect(DIALOG_WIDTHS_PX).toEqual({ small: 396, medium: 480, large: 640, extraLarge: 720 });
    expect(dialogLayout({ viewportWidth: 1280 })).toEqual({ width: '480px', maxWidth: '100%', marginTop: '15vh', mobile: false });
    expect(dialogLayout({ size: 'extraLarge', viewportWidth: 1280, top: '30vh' }).width).toBe('720px');
  });

  it('"on mobile (below 768 px) max height 80vh and min height 30vh"', () => {
    expect(dialogLayout({ viewportWidth: 767 })).toMatchObject({ mobile: true, maxHeight: '80vh', minHeight: '30vh' });
    expect(dialogLayout({ viewportWidth: 768 }).maxHeight).toBeUndefined();
  });

  it('"A dialog without a node of role dialog is a typed error"', () => {
    const { document: doc } = jsdomPort(
      '<div id="d" role="dialog"></div><div id="a" role="alertdialog"></div><div id="x"></div><dialog id="n"></dialog>',
    );
    expect(assertDialogNode(doc.getElementById('d'))).toBe(doc.getElementById('d'));
    expect(assertDialogNode(doc.getElementById('a'))).toBeTruthy();
    expect(assertDialogNode(doc.getElementById('n'))).toBeTruthy();
    for (const node of [doc.getElementById('x'), null]) {
      try {
        assertDialogNode(node);
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ name: 'DialogRoleMissingError', code: 'DIALOG_ROLE_MISSING' });
      }
    }
  });
});

describe('stack offsets', () => {
  it('"top offset 100 px and 16 px between toasts", derived from measured heights', () => {
    expect(stackOffsets([40, 60, 50], 100, 16)).toEqual([100, 156, 232]);
    expect(stackOffsets([], 100, 16)).toEqual([]);
  });
});
