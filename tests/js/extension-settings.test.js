// extension/settings.js (validation, highlight CSS) and extension/extractor_menu.js
// (the popup's extractor list grouped by family), outside the browser.
const path = require('path');
const { JSDOM } = require('jsdom');

const EXT = path.join(__dirname, '..', '..', 'extension');

// Both files are classic scripts that attach to `self`: load each into a fresh global.
function loadInto(root, file) {
  const code = require('fs').readFileSync(path.join(EXT, file), 'utf8');
  // eslint-disable-next-line no-new-func
  new Function('self', 'document', code)(root, root.document);
}

describe('settings', () => {
  const root = {};
  loadInto(root, 'settings.js');
  const { normalise, DEFAULTS, highlightCss } = root.wceSettings;

  test.each([
    [undefined, DEFAULTS],
    [{ extractor: 'lqf50', color: '#ABCDEF', confidence: true }, { ...DEFAULTS, extractor: 'lqf50', color: '#abcdef', confidence: true }],
    [{ extractor: 'no such <name>', color: 'red', confidence: 'yes', autoHighlight: 0, extra: 1 }, DEFAULTS],
    [{ autoHighlight: false, readerImages: true }, { ...DEFAULTS, autoHighlight: false, readerImages: true }],
    [{ readerFontSize: 24, readerWidth: 'wide', readerTheme: 'sepia' }, { ...DEFAULTS, readerFontSize: 24, readerWidth: 'wide', readerTheme: 'sepia' }],
    [{ readerFontSize: 23, readerWidth: 'huge', readerTheme: '<x>' }, DEFAULTS],
    [{ instant: true }, { ...DEFAULTS, instant: true }],
    [{ instant: 'yes' }, DEFAULTS],
  ])('normalise(%j)', (input, expected) => {
    expect(normalise(input)).toEqual(expected);
  });

  test('"ready before you click" (reads every page) is off by default', () => {
    expect(DEFAULTS.instant).toBe(false);
  });

  test('the default extractor is the learned ensemble, named in one constant, and recommended', () => {
    expect(root.wceSettings.DEFAULT_EXTRACTOR).toBe('ensemble');
    expect(DEFAULTS.extractor).toBe(root.wceSettings.DEFAULT_EXTRACTOR);
    expect(root.wceSettings.AGREEMENT_EXTRACTORS).toContain('readability');
  });

  test('highlight CSS: the colour in every rule, one view per sheet, a bad colour falls back', () => {
    const css = highlightCss('#102030');
    expect(css).toContain('::highlight(wce-main){background-color:rgba(16,32,48,0.45);}');
    expect(css).toContain('mark[data-wce=""]{background-color:rgba(16,32,48,0.45) !important;');
    expect(css).not.toContain('wce-c');
    expect(highlightCss('#102030', false)).toBe(css);
    const bands = highlightCss('#102030', true);
    for (let k = 0; k < 5; k++) {
      expect(bands).toContain(`::highlight(wce-c${k})`);
      expect(bands).toContain(`mark[data-wce="c${k}"]`);
    }
    expect(bands).toContain('rgba(16,32,48,0.1)');
    expect(bands).not.toContain('wce-c5');
    expect(bands).not.toContain('wce-main');
    expect(bands).not.toContain('data-wce=""');
    expect(highlightCss('javascript:x')).toBe(highlightCss(DEFAULTS.color));
    expect(highlightCss('javascript:x', true)).toBe(highlightCss(DEFAULTS.color, true));
    // On :root only (Chromium, highlight inheritance), the same rules otherwise.
    expect(highlightCss('#102030', false, ':root')).toContain(':root::highlight(wce-main){');
    expect(highlightCss('#102030', false, ':root').replace(/:root::highlight/g, '::highlight')).toBe(css);
    expect(highlightCss('#102030', false, 'body; x')).toBe(css);
  });

  test('overlay CSS (big pages): one class per highlight name, in the highlight\'s shades', () => {
    const { overlayCss } = root.wceSettings;
    expect(overlayCss('#102030')).toBe('.wce-main{background-color:rgba(16,32,48,0.45)}\n');
    const bands = overlayCss('#102030', true);
    for (let k = 0; k < 5; k++) expect(bands).toContain(`.wce-c${k}{background-color:rgba(16,32,48,`);
    expect(bands).not.toContain('wce-main');
    expect(overlayCss('url(x)')).toBe(overlayCss(DEFAULTS.color));
    // The same fills as the ::highlight rules.
    const fills = (css) => css.match(/rgba\([^)]*\)/g);
    expect(fills(highlightCss('#102030', true)).filter((x, i, a) => a.indexOf(x) === i)).toEqual(fills(bands));
  });
});

describe('extractor menu', () => {
  const EXTRACTORS = [
    { name: 'all_text', family: 'baseline', description: 'All', reference: 'R1' },
    { name: 'bte', family: 'heuristic', description: 'BTE', reference: 'R2' },
    { name: 'keepall', family: 'baseline', description: 'Keep', reference: '' },
    { name: 'ml1', family: 'learned', description: 'ML', reference: 'R3' },
  ];

  const SETTINGS = {};
  loadInto(SETTINGS, 'settings.js');

  function menu(chosen, list) {
    const dom = new JSDOM('<select id="s"></select>');
    const root = { document: dom.window.document, wceSettings: { DEFAULT_EXTRACTOR: 'bte' } };
    loadInto(root, 'extractor_menu.js');
    const select = dom.window.document.getElementById('s');
    const picked = root.wceExtractorMenu.fill(select, list || EXTRACTORS, chosen);
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.children].map((o) => o.value)]);
    const labels = [...select.querySelectorAll('option')].map((o) => o.textContent);
    return { picked, value: select.value, groups, labels, title: select.querySelector('option[value="bte"]').title, menu: root.wceExtractorMenu };
  }

  test('the recommended extractor first, then one group per family, plain names', () => {
    const m = menu('ml1');
    expect(m.groups).toEqual([['Recommended', ['bte']], ['Learned methods', ['ml1']],
      ['Keep most of the page (for comparison)', ['all_text', 'keepall']]]);
    expect(m.labels).toEqual(['Longest stretch of text (recommended)', 'ml1', 'All text', 'keepall']);
    expect(m.picked).toBe('ml1');
    expect(m.value).toBe('ml1');
    expect(m.title).toBe('Keeps the one stretch with the most words and the fewest tags.');
    // An extractor without a plain name keeps its registry name and description.
    expect(m.menu.describe(EXTRACTORS[3])).toBe('ML');
    expect(m.menu.details(EXTRACTORS[1])).toEqual({ name: 'bte', description: 'BTE', reference: 'R2' });
  });

  test('an unknown stored choice falls back to the recommended extractor', () => {
    expect(menu('gone').picked).toBe('bte');
  });

  test('every registered extractor has a plain name and a one-line description', () => {
    const { execFileSync } = require('child_process');
    const cli = path.join(__dirname, '..', '..', 'build', 'native', 'wce');
    const names = execFileSync(cli, ['list'], { encoding: 'utf8' }).split('\n')
      .map((l) => l.match(/^([a-z0-9_]+)\s/)).filter(Boolean).map((x) => x[1]);
    const m = menu('bte');
    for (const n of names) {
      expect([n, m.menu.PLAIN[n] !== undefined]).toEqual([n, true]);
      expect([n, m.menu.PLAIN[n][1].length < 110]).toEqual([n, true]);
    }
    expect(names).toContain(SETTINGS.wceSettings.DEFAULT_EXTRACTOR);
  });
});
