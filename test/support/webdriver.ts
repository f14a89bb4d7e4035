// A small W3C WebDriver (classic, over HTTP) client: the few commands the browser tests need, spoken with fetch.
// Used for WebKitGTK's WebKitWebDriver, which has no client of its own here (see docs: w3.org/TR/webdriver2).
// Every request carries a time limit, so a stuck driver fails a test instead of hanging it.

/** The element reference key the W3C spec defines for elements in results and arguments. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecb';

/** WebDriver's key codes for the keys the tests press (W3C WebDriver §17.4.2, "keyboard actions"). */
export const WEBDRIVER_KEYS = { Escape: '\uE00C', Enter: '\uE007', Tab: '\uE004', Shift: '\uE008' } as const;

/** A WebDriver command that answered with an error object, or a time-out waiting for an answer. */
export class WebDriverCommandError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
  ) {
    super(`WebDriver ${command}: ${error}: ${message}`);
    this.name = 'WebDriverCommandError';
  }
}

export interface WebDriverCookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  /** Seconds since the epoch; absent for a session cookie. */
  expiry?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

/** Sends one command to a WebDriver server and returns its `value`, or throws WebDriverCommandError. */
export async function webDriverCommand(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<unknown> {
  const command = `${method} ${path}`;
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new WebDriverCommandError(
      command,
      timedOut ? 'timeout' : 'unreachable',
      timedOut ? `no answer within ${timeoutMs} ms` : String(error),
    );
  }
  const text = await response.text();
  let parsed: { value?: unknown };
  try {
    parsed = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverCommandError(command, 'bad answer', `HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  const value = parsed.value as { error?: string; message?: string } | undefined;
  if (!response.ok || (value !== null && typeof value === 'object' && typeof value.error === 'string')) {
    throw new WebDriverCommandError(command, value?.error ?? `HTTP ${response.status}`, value?.message ?? text.slice(0, 200));
  }
  return parsed.value;
}

/** One WebDriver session: navigation, scripts, input actions, cookies and screenshots. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly id: string,
    readonly capabilities: Record<string, unknown>,
  ) {}

  /** Starts a session; fails after `timeoutMs` (a driver without a display never answers otherwise). */
  static async start(base: string, capabilities: Record<string, unknown>, timeoutMs: number): Promise<WebDriverSession> {
    const value = (await webDriverCommand(base, 'POST', '/session', { capabilities: { alwaysMatch: capabilities } }, timeoutMs)) as {
      sessionId: string;
      capabilities: Record<string, unknown>;
    };
    return new WebDriverSession(base, value.sessionId, value.capabilities);
  }

  private send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, timeoutMs?: number): Promise<unknown> {
    return webDriverCommand(this.base, method, `/session/${this.id}${path}`, body, timeoutMs);
  }

  setTimeouts(timeouts: { script?: number; pageLoad?: number; implicit?: number }): Promise<unknown> {
    return this.send('POST', '/timeouts', timeouts);
  }

  /** Navigates and waits for the load event (the session's page-load strategy is "normal"). */
  navigate(url: string): Promise<unknown> {
    return this.send('POST', '/url', { url });
  }

  refresh(): Promise<unknown> {
    return this.send('POST', '/refresh', {});
  }

  /**
   * Makes the page's `index`-th frame (window.frames order) the one scripts, cookies and element look-ups act
   * on, until the next navigation or refresh of the window, which returns them to the top page.
   */
  switchToFrame(index: number): Promise<unknown> {
    return this.send('POST', '/frame', { id: index });
  }

  async currentUrl(): Promise<string> {
    return (await this.send('GET', '/url')) as string;
  }

  /** Runs `script` (a function body) as an async script: it settles by calling its last argument. */
  executeAsync(script: string, args: unknown[] = [], timeoutMs = 60_000): Promise<unknown> {
    return this.send('POST', '/execute/async', { script, args }, timeoutMs);
  }

  /** Performs input actions (W3C "Perform Actions") and then releases every key and button. */
  async performActions(actions: unknown[]): Promise<void> {
    await this.send('POST', '/actions', { actions });
    await this.send('DELETE', '/actions');
  }

  async cookies(): Promise<WebDriverCookie[]> {
    return (await this.send('GET', '/cookie')) as WebDriverCookie[];
  }

  addCookie(cookie: WebDriverCookie): Promise<unknown> {
    return this.send('POST', '/cookie', { cookie });
  }

  deleteCookies(): Promise<unknown> {
    return this.send('DELETE', '/cookie');
  }

  setWindowRect(rect: { width: number; height: number; x?: number; y?: number }): Promise<unknown> {
    return this.send('POST', '/window/rect', rect);
  }

  /** A PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    return Buffer.from((await this.send('GET', '/screenshot')) as string, 'base64');
  }

  /** Ends the session (closes the browser); bounded, since it runs on the way out. */
  async delete(timeoutMs = 10_000): Promise<void> {
    await webDriverCommand(this.base, 'DELETE', `/session/${this.id}`, undefined, timeoutMs);
  }
}
