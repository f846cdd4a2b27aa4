/*
 * warm_up.js: runs the chosen extractor on a small generated page a few
 * times when the background starts, so that the user's first big page does
 * not run on cold code.
 *
 * Why: the browser runs WebAssembly first with its baseline compiler and
 * optimises a function only once it has run enough. In Node (the same
 * engine), wce.classify on the first 1 MB page after start-up took 961 to
 * 1,686 ms, and 185 to 486 ms after these runs (lab/experiments/
 * wasm_warm_up.js; lab/results/extension-big-pages.md, section 6). The runs go one per task,
 * and wait while the background labels a page (busy()), so a click never
 * waits for more than the run under way.
 *
 * Defines `self.wceWarmUp` = {WARM_RUNS, warmPage(), start(getWce, extractor,
 * busy)}; CommonJS for the tests.
 */
(function (root) {
  'use strict';

  const WARM_RUNS = 20;
  const BUSY_RETRY_MS = 200;
  const STORIES = 12;
  const PARAGRAPHS = 6;

  // A page like the ones the extension labels: a menu, stories with
  // headings, paragraphs with links and emphasis, a list, a table, related
  // links and a footer (about 40 kB). Deterministic.
  const WORDS = ('the council harbour ferry spring repairs budget meeting residents vote school road ' +
    'market river bridge weather report season players coach museum library station tram ' +
    'hospital plan week night town city island summer winter film music book festival').split(' ');
  function sentence(k, n) {
    const w = [];
    for (let i = 0; i < n; i++) w.push(WORDS[(k * 7 + i * 13) % WORDS.length]);
    return w[0].charAt(0).toUpperCase() + w.join(' ').slice(1) + '.';
  }
  function warmPage() {
    const menu = Array.from({ length: 20 }, (_, i) => '<li><a href="/section/' + i + '">Section ' + i + '</a></li>').join('');
    const stories = [];
    for (let s = 0; s < STORIES; s++) {
      const paras = [];
      for (let p = 0; p < PARAGRAPHS; p++) {
        paras.push('<p>' + sentence(s * 31 + p, 18) + ' <a href="/story/' + s + '/' + p + '">' + sentence(p, 3) +
          '</a> <em>' + sentence(s + p, 4) + '</em> ' + sentence(s * 17 + p * 5, 22) + '</p>');
      }
      stories.push('<article class="story"><h2>' + sentence(s, 6) + '</h2><p class="byline">By Staff ' + s +
        '</p>' + paras.join('') + '<ul><li>' + sentence(s, 5) + '</li><li>' + sentence(s + 1, 7) + '</li></ul>' +
        '<table><tr><th>Item</th><th>Cost</th></tr><tr><td>' + sentence(s, 2) + '</td><td>' + (s * 120) +
        '</td></tr></table><aside class="related"><a href="/r/' + s + '">' + sentence(s + 3, 6) + '</a></aside></article>');
    }
    return '<!DOCTYPE html><html lang="en"><head><title>Town news</title>' +
      '<meta name="description" content="' + sentence(1, 12) + '"></head><body>' +
      '<header><nav><ul>' + menu + '</ul></nav></header><main>' + stories.join('') + '</main>' +
      '<footer><p>' + sentence(99, 10) + '</p><a href="/about">About</a> <a href="/contact">Contact</a></footer>' +
      '</body></html>';
  }

  // getWce() -> Promise of the wce instance; extractor() -> Promise of the
  // name to warm; busy() -> whether a page is being labelled now.
  // Returns a promise of the number of runs made.
  function start(getWce, extractor, busy) {
    const page = warmPage();
    let runs = 0;
    return new Promise((resolve) => {
      const step = async () => {
        if (runs >= WARM_RUNS) return resolve(runs);
        if (busy()) { setTimeout(step, BUSY_RETRY_MS); return; }
        try {
          const [wce, name] = await Promise.all([getWce(), extractor()]);
          if (busy()) { setTimeout(step, BUSY_RETRY_MS); return; }
          wce.extract(page, { extractor: name });
        } catch (e) {
          return resolve(runs); // a failed run is the next request's to report
        }
        runs++;
        setTimeout(step, 0);
      };
      setTimeout(step, 0);
    });
  }

  const api = { WARM_RUNS, warmPage, start };
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.wceWarmUp = api;
})(typeof self !== 'undefined' ? self : globalThis);
