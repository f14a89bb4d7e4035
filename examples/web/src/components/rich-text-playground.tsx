import { useState } from 'react';
import { sanitizeRichText } from 'exkit';
import { SafeRichText, useExkit } from 'exkit/react';
import { APP_SCHEMES } from './link-playground.js';

const SAMPLE = `<h3 onclick="alert(1)">Listing: <b>EXK/USDT</b></h3>
<p style="color: red; background: url(javascript:alert(1))">Trading opens at <i>10:00 UTC</i>.</p>
<script>steal(document.cookie)</script><!-- internal note -->
<a href="javascript:alert(1)">claim airdrop</a> · <a href="https://example.com/rules" target="_blank">rules</a>
<img src="/favicon.svg" alt="EXK" width="24" height="24" onerror="alert(1)"><iframe src="https://evil.example"></iframe>`;

/** Untrusted HTML in, the allow-listed HTML out, and how it renders. */
export function RichTextPlayground() {
  const [html, setHtml] = useState(SAMPLE);
  const { platform } = useExkit();
  // The page's own window, through the platform (a browser page always has one).
  const clean = platform.dom ? sanitizeRichText(html, { window: platform.dom.window, appSchemes: APP_SCHEMES }) : '';
  return (
    <section className="card wide">
      <h2>Rich text</h2>
      <div className="split">
        <label className="field">
          <span>Untrusted HTML</span>
          <textarea data-testid="rich-input" rows={8} value={html} onChange={(e) => setHtml(e.target.value)} />
        </label>
        <label className="field">
          <span>Sanitised</span>
          <textarea data-testid="rich-output" rows={8} readOnly value={clean} />
        </label>
      </div>
      {/* Rendered the documented way: sanitised again inside a box it cannot paint or take clicks outside of. */}
      <SafeRichText className="rendered" data-testid="rich-rendered" html={html} appSchemes={APP_SCHEMES} />
    </section>
  );
}
