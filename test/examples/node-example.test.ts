// Runs examples/node (`npm run example:node` without its build step) as a child process, the way a user
// runs it, and reads its log. It resolves exkit through the package's exports, so it needs dist/ (npm test
// builds before vitest).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('examples/node', () => {
  let stdout = '';

  beforeAll(async () => {
    for (const entry of ['dist/node/index.js', 'dist/node/machines.js']) {
      if (!existsSync(join(root, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    }
    const result = await run(join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'examples/node/tsconfig.json', 'examples/node/main.ts'], {
      cwd: root,
      timeout: 60_000,
    });
    stdout = result.stdout;
  }, 70_000);

  it('imports exkit through the package exports (the built dist/: Node takes the joined build)', () => {
    expect(stdout).toMatch(/exkit +→ file:\/\/.*\/dist\/node\/index\.js/);
    expect(stdout).toMatch(/exkit\/machines → file:\/\/.*\/dist\/node\/machines\.js/);
  });

  it('prints the futures figures of the sample long and short', () => {
    expect(stdout).toMatch(/long 0\.5 @ 60,000 ×10 +uPnL +1625\.25 USDT +ROE +\+54\.17% +liq\. price 54304\.1/);
    expect(stdout).toMatch(/short 1\.2 @ 64,000 ×20 +uPnL +899\.40 USDT +ROE +\+23\.42% +liq\. price 66825\.7/);
  });

  it('builds and parses deep links', () => {
    expect(stdout).toContain('myexchange://app/coin/recharge?coinName=USDT&coinId=2');
    expect(stdout).toContain(
      'myexchange-web://app/main/H5Router?url=https%3A%2F%2Fwww.example.com%2Fpromo%3Fref%3Da%26x%3D1&campaign=spring',
    );
    expect(stdout).toContain('strategy/apply/trader on iOS      null (Android only)');
    expect(stdout).toContain('parsed public main/H5Router  {"url":"https://www.example.com/promo?ref=a&x=1","campaign":"spring"}');
  });

  it('computes a terminal code without a DOM and fetches a success risk token from the device service', () => {
    expect(stdout).toMatch(
      /terminal code [0-9a-f]{16}… from userAgent, timeZone, languages \(skipped without a DOM: screen, canvas, fonts, audio, hardware\)/,
    );
    expect(stdout).toMatch(/risk token: success, 40 characters/);
    expect(stdout).toMatch(/headers: terminalCode [0-9a-f]{8}…, risk token [0-9a-f]{8}… \(received by the gateway\)/);
  });

  it('logs in with an encrypted payload and the gateway verifies the signed follow-up calls', () => {
    expect(stdout).toContain('signing init: ready');
    expect(stdout).toMatch(/login as sent: clear \{"lang":"en","algorithm":"RSA-OAEP-256"\}/);
    expect(stdout).toMatch(/login: succeeded, user u[0-9a-f]{10}; the gateway decrypted loginName, pwd/);
    expect(stdout.match(/signed call: verified by the gateway \(mode \d, code 00000\)/g)).toHaveLength(2);
    expect(stdout.trimEnd().endsWith('all done')).toBe(true);
  });
});
