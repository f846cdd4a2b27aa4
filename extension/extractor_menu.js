/*
 * extractor_menu.js: the extractor <select> of the popup and the options page,
 * in plain words. The list comes from the WebAssembly module (wce.extractors(),
 * asked from the background with 'wce:extractors'), so an extractor added to
 * the core's registry appears here without any change to the extension (with
 * its registry name and description until it gets a plain name below).
 * Defines `self.wceExtractorMenu` = {fill(select, extractors, chosen),
 * describe(e), details(e), label(e), GROUPS}. Needs settings.js first (the
 * recommended extractor is settings' DEFAULT_EXTRACTOR).
 */
(function (root) {
  'use strict';

  // Registry name -> [plain name, one line a reader understands]. The
  // technical description and the citation stay in the registry and are shown
  // in the popup's "About this method".
  const PLAIN = {
    readability: ['Article, like Firefox Reader View', 'Finds the article the way Firefox\'s Reader View does. Best on news and blog posts.'],
    trafilatura: ['Article, careful', 'Keeps the article and drops menus, comments and footers; tries several methods and keeps the best.'],
    domdistiller: ['Article, like Chrome\'s reader mode', 'The method behind Chrome\'s simplified view of a page.'],
    boilerpipe_article: ['Article blocks', 'Keeps the article\'s blocks of text, judged by word counts and links.'],
    goose: ['Article, by common words', 'Picks the part of the page richest in everyday words, with its neighbours.'],
    resiliparse: ['Main text, fast', 'Drops navigation, headers, footers, ads and side bars by their markup.'],
    justext: ['Long paragraphs', 'Keeps long paragraphs full of everyday words; drops short, link-heavy ones.'],
    cetd: ['Densest text', 'Keeps the part of the page where the text is densest.'],
    cetr: ['Text-heavy blocks', 'Keeps blocks that have much more text than markup.'],
    cetr_lines: ['Text-heavy lines', 'Keeps the lines of the page that have much more text than markup.'],
    boilerpipe: ['Running text', 'Keeps every block that reads like running text.'],
    boilerpipe_largest: ['Largest text block', 'Keeps only the longest stretch of running text.'],
    bte: ['Longest stretch of text', 'Keeps the one stretch with the most words and the fewest tags.'],
    dsc: ['Stretches of text', 'Keeps every stretch of text with few tags in it.'],
    ccb: ['Text areas', 'Keeps the areas where text outweighs markup, after smoothing.'],
    crunch: ['Without ads and link lists', 'Removes ads, banners, link lists and forms; keeps the rest.'],
    lqf25: ['Blocks with almost no links', 'Drops every block that is more than a quarter links.'],
    lqf50: ['Blocks with few links', 'Drops every block that is more than half links.'],
    lqf75: ['Blocks that are not mostly links', 'Drops every block that is more than three quarters links.'],
    lxml_cleaner: ['Without menus and forms', 'Drops navigation, side bars, footers and forms by their tag.'],
    boilerpipe_keepall: ['Every text block', 'All text of the page\'s blocks (for comparison).'],
    rendering: ['All visible text', 'Everything you can read on the page (for comparison).'],
    all_text: ['All text', 'Every piece of text in the page (for comparison).'],
    boilernet_small: ['Learned from people (sequence)', 'A small neural network trained on pages people marked up, reading the page block by block.'],
    // Not in the WebAssembly module (native only), so the extension never lists it; named for `wce list`.
    boilernet: ['Learned from people (sequence, large)', 'The same network at its paper\'s size: ten times slower; command line and Python only.'],
    dragnet: ['Learned from people (blocks)', 'A model trained on marked-up pages that weighs text density, links and names of page parts.'],
    web2text: ['Learned from people (page structure)', 'Two small neural networks judge each piece of text and its neighbours, then read the page as a whole.'],
    vote_all: ['Majority of all methods', 'Keeps the text that two thirds of the main-content methods agree on.'],
    vote_best: ['Majority of the best methods', 'Keeps the text that two thirds of the strongest methods agree on.'],
    vote_best_weighted: ['Weighted majority of the best', 'The same vote, with the three most reliable methods counted twice.'],
    news_please: ['News article', 'The choice the news-please crawler makes for news pages.'],
    ensemble: ['Combined, learned', 'Weighs what several methods say about each piece of text with a model trained here.'],
    agreement: ['Where three of five agree', 'Keeps the text that at least three of the five strongest methods keep.'],
  };

  // Registry family -> group label, in this order; unknown families follow.
  const GROUPS = [
    ['recommended', 'Recommended'],
    ['ensemble', 'Combined methods'],
    ['learned', 'Learned methods'],
    ['heuristic', 'Find the main content'],
    ['baseline', 'Keep most of the page (for comparison)'],
  ];

  const recommended = () => (root.wceSettings ? root.wceSettings.DEFAULT_EXTRACTOR : null);
  const label = (e) => (e && PLAIN[e.name] ? PLAIN[e.name][0] : (e ? e.name : ''));

  // The recommended extractor first, alone; then one <optgroup> per family.
  // Returns the selected name.
  function fill(select, extractors, chosen) {
    while (select.firstChild) select.removeChild(select.firstChild);
    const rec = recommended();
    const groupOf = (e) => (e.name === rec ? 'recommended' : (e.family || 'other'));
    const order = GROUPS.map((g) => g[0]);
    const families = [...new Set(extractors.map(groupOf))]
      .sort((a, b) => (order.indexOf(a) < 0 ? 99 : order.indexOf(a)) - (order.indexOf(b) < 0 ? 99 : order.indexOf(b)));
    for (const family of families) {
      const g = document.createElement('optgroup');
      const known = GROUPS.find((x) => x[0] === family);
      g.label = known ? known[1] : family;
      g.dataset.family = family;
      for (const e of extractors) {
        if (groupOf(e) !== family) continue;
        const o = document.createElement('option');
        o.value = e.name;
        o.textContent = label(e) + (e.name === rec ? ' (recommended)' : '');
        o.title = describe(e);
        g.appendChild(o);
      }
      select.appendChild(g);
    }
    const names = extractors.map((e) => e.name);
    const pick = names.includes(chosen) ? chosen : (names.includes(rec) ? rec : names[0]);
    if (pick !== undefined) select.value = pick;
    return pick;
  }

  // One line in plain words.
  function describe(e) {
    if (!e) return '';
    return PLAIN[e.name] ? PLAIN[e.name][1] : (e.description || '');
  }

  // The technical side, for "About this method": {name, description, reference}.
  function details(e) {
    if (!e) return { name: '', description: '', reference: '' };
    return { name: e.name, description: e.description || '', reference: e.reference || '' };
  }

  root.wceExtractorMenu = { fill, describe, details, label, GROUPS, PLAIN };
})(typeof self !== 'undefined' ? self : globalThis);
