/*
 * peer.js: Readability.js, the benchmark's JavaScript peer, in its own frame
 * (peer.html: same origin, same thread as the page, its own CSP). app.js calls
 * window.wcePeer.run(html) synchronously through the frame's window.
 *
 * run(html): parses the page with DOMParser (inert: no script runs, nothing is
 * fetched) and runs Readability.js; the time covers both, as our ms covers
 * Gumbo's parse and the extraction. -> {ms, html} or {ms, error}; no article
 * gives empty html (scored 0).
 */
(function () {
  'use strict';
  function run(html) {
    const t0 = performance.now();
    try {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const article = new self.Readability(doc).parse();
      return { ms: performance.now() - t0, html: article && typeof article.content === 'string' ? article.content : '' };
    } catch (err) {
      return { ms: performance.now() - t0, error: (err && err.message) || String(err) };
    }
  }
  self.wcePeer = { ready: typeof self.Readability === 'function', run };
})();
