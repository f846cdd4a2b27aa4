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
  ])('normalise(%j)', (input, expected) => {
    expect(normalise(input)).toEqual(expected);
  });

  test('highlight CSS: the colour in every rule, five confidence bands, a bad colour falls back', () => {
    const css = highlightCss('#102030');
    expect(css).toContain('::highlight(wce-main){background-color:rgba(16,32,48,0.45);}');
    expect(css).toContain('mark[data-wce=""]{background-color:rgba(16,32,48,0.45) !important;');
    for (let k = 0; k < 5; k++) {
      expect(css).toContain(`::highlight(wce-c${k})`);
      expect(css).toContain(`mark[data-wce="c${k}"]`);
    }
    expect(css).not.toContain('wce-c5');
    expect(highlightCss('javascript:x')).toBe(highlightCss(DEFAULTS.color));
  });
});

describe('extractor menu', () => {
  const EXTRACTORS = [
    { name: 'all_text', family: 'baseline', description: 'All', reference: 'R1' },
    { name: 'bte', family: 'heuristic', description: 'BTE', reference: 'R2' },
    { name: 'keepall', family: 'baseline', description: 'Keep', reference: '' },
    { name: 'ml1', family: 'learned', description: 'ML', reference: 'R3' },
  ];

  function menu(chosen) {
    const dom = new JSDOM('<select id="s"></select>');
    const root = { document: dom.window.document };
    loadInto(root, 'extractor_menu.js');
    const select = dom.window.document.getElementById('s');
    const picked = root.wceExtractorMenu.fill(select, EXTRACTORS, chosen);
    const groups = [...select.querySelectorAll('optgroup')].map((g) => [g.label, [...g.children].map((o) => o.value)]);
    return { picked, value: select.value, groups, title: select.querySelector('option[value="bte"]').title };
  }

  test('one group per family, in order of first appearance', () => {
    const m = menu('ml1');
    expect(m.groups).toEqual([['baseline', ['all_text', 'keepall']], ['heuristic', ['bte']], ['learned', ['ml1']]]);
    expect(m.picked).toBe('ml1');
    expect(m.value).toBe('ml1');
    expect(m.title).toBe('BTE (R2)');
  });

  test('an unknown stored choice falls back to bte', () => {
    expect(menu('gone').picked).toBe('bte');
  });
});
