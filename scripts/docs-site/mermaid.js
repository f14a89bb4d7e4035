/* global document, window, URL */
// TypeDoc's customJs for `npm run docs`: renders the Mermaid state diagrams of docs/machines/*.md in the
// generated site with the mermaid build that `npm run docs` copies beside this file (no network needed).
(function renderDiagrams() {
  const script = document.currentScript;
  const start = () => {
    const blocks = Array.from(document.querySelectorAll('pre > code.mermaid'));
    if (blocks.length === 0 || !script) return;
    const loader = document.createElement('script');
    loader.src = new URL('mermaid.min.js', script.src).href;
    loader.onload = () => {
      for (const code of blocks) {
        const diagram = document.createElement('div');
        diagram.className = 'mermaid';
        diagram.textContent = code.textContent;
        code.parentElement.replaceWith(diagram);
      }
      const dark =
        document.documentElement.dataset.theme === 'dark' ||
        (document.documentElement.dataset.theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
      window.mermaid.initialize({ startOnLoad: false, theme: dark ? 'dark' : 'default' });
      void window.mermaid.run({ querySelector: 'div.mermaid' });
    };
    document.head.append(loader);
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
