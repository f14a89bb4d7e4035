import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_INSTALL_COMMAND, DEFAULT_CHROMIUM_PATH, chromiumPath } from '../../scripts/chromium.js';

const saved = process.env.CHROMIUM_PATH;
afterEach(() => {
  if (saved === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = saved;
});

describe('browser tests find Chromium (issue 12)', () => {
  it('CHROMIUM_PATH wins when it names a file', () => {
    process.env.CHROMIUM_PATH = process.execPath;
    expect(chromiumPath()).toBe(process.execPath);
  });

  it('a CHROMIUM_PATH that names nothing fails with the exact command to run (and installs nothing)', () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    expect(() => chromiumPath()).toThrow(`Install it with \`${CHROMIUM_INSTALL_COMMAND}\``);
    expect(CHROMIUM_INSTALL_COMMAND).toBe('sudo apt-get install -y chromium');
  });

  it('without CHROMIUM_PATH it looks at /usr/bin/chromium', () => {
    delete process.env.CHROMIUM_PATH;
    expect(DEFAULT_CHROMIUM_PATH).toBe('/usr/bin/chromium');
    expect(chromiumPath()).toBe('/usr/bin/chromium');
  });
});
