// @vitest-environment jsdom
// The React getting-started example, run as the guide shows it: mounted into #root, Save clicked, toast shown.
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { firstExample, writeSnippets } from './snippets.js';

const written = writeSnippets([firstExample('getting-started-react.md')]);
afterAll(() => rmSync(written.dir, { recursive: true, force: true }));

describe('getting-started-react.md', () => {
  it('mounts, and clicking Save shows the toast the guide describes', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    await act(async () => {
      await import(/* @vite-ignore */ pathToFileURL(written.files[0]!).href);
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    });
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.textContent).toContain('Saved (en)');
  });
});
