import { useState } from 'react';
import { sanitizeRichText } from 'exkit';
import { SafeRichText, useExkit } from 'exkit/react';
import { useText } from '../i18n/use-text.js';
import { APP_SCHEMES } from './link-playground.js';

type SampleTexts = ReturnType<typeof useText>['richTextPlayground']['sample'];

/** Untrusted HTML as a listing notice might arrive, in the visitor's language, with an attack in every tag. */
const sample = (t: SampleTexts) => `<h3 onclick="alert(1)">${t.listing} <b>EXK/USDT</b></h3>
<p style="color: red; background: url(javascript:alert(1))">${t.opens('<i dir="ltr">10:00 UTC</i>')}</p>
<script>steal(document.cookie)</script><!-- internal note -->
<a href="javascript:alert(1)">${t.claim}</a> · <a href="https://example.com/rules" target="_blank">${t.rules}</a>
<img src="/favicon.svg" alt="EXK" width="24" height="24" onerror="alert(1)"><iframe src="https://evil.example"></iframe>`;

/** Untrusted HTML in, the allow-listed HTML out, and how it renders. */
export function RichTextPlayground() {
  const t = useText().richTextPlayground;
  // The sample follows the language until the visitor edits it.
  const [edited, setHtml] = useState<string | null>(null);
  const html = edited ?? sample(t.sample);
  const { platform } = useExkit();
  // The page's own window, through the platform (a browser page always has one).
  const clean = platform.dom ? sanitizeRichText(html, { window: platform.dom.window, appSchemes: APP_SCHEMES }) : '';
  return (
    <section className="card wide">
      <h2>{t.heading}</h2>
      <div className="split">
        <label className="field">
          <span>{t.input}</span>
          <textarea data-testid="rich-input" dir="ltr" rows={8} value={html} onChange={(e) => setHtml(e.target.value)} />
        </label>
        <label className="field">
          <span>{t.output}</span>
          <textarea data-testid="rich-output" dir="ltr" rows={8} readOnly value={clean} />
        </label>
      </div>
      {/* Rendered the documented way: sanitised again inside a box it cannot paint or take clicks outside of. */}
      <SafeRichText className="rendered" data-testid="rich-rendered" html={html} appSchemes={APP_SCHEMES} />
    </section>
  );
}
