/*
 * extractor_menu.js: the extractor <select> of the popup and the options page.
 * The list comes from the WebAssembly module (wce.extractors(), asked from the
 * background with 'wce:extractors'), so an extractor added to the core's
 * registry appears here without any change to the extension. Defines
 * `self.wceExtractorMenu` = {fill(select, extractors, chosen), describe(e)}.
 */
(function (root) {
  'use strict';

  // One <optgroup> per family, families in order of first appearance in the
  // registry, extractors in registry order inside each. Returns the selected name.
  function fill(select, extractors, chosen) {
    while (select.firstChild) select.removeChild(select.firstChild);
    const groups = new Map();
    for (const e of extractors) {
      const family = e.family || 'other';
      if (!groups.has(family)) {
        const g = document.createElement('optgroup');
        g.label = family;
        groups.set(family, g);
        select.appendChild(g);
      }
      const o = document.createElement('option');
      o.value = e.name;
      o.textContent = e.name;
      o.title = describe(e);
      groups.get(family).appendChild(o);
    }
    const names = extractors.map((e) => e.name);
    const pick = names.includes(chosen) ? chosen : (names.includes('bte') ? 'bte' : names[0]);
    if (pick !== undefined) select.value = pick;
    return pick;
  }

  function describe(e) {
    if (!e) return '';
    return (e.description || '') + (e.reference ? ' (' + e.reference + ')' : '');
  }

  root.wceExtractorMenu = { fill, describe };
})(typeof self !== 'undefined' ? self : globalThis);
