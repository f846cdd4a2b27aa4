// extension/reader_model.js: the reader view's document from a DOM and labels.
// Labels here are synthetic (1 inside an element with data-main, else 0), so
// the tests check the grouping into blocks, not an extractor.
const { build } = require('../../extension/reader_model.js');
const { encodeDom } = require('../../wasm/dom_encoder.js');
const { makeDocument } = require('./helpers');

function labelsOf(textNodes) {
  return textNodes.map((t) => (t.parentNode && t.parentNode.closest && t.parentNode.closest('[data-main]') ? 1 : 0));
}

function readerDoc(html, options) {
  const { document, close } = makeDocument(html, { url: 'https://example.org/a' });
  try {
    const { textNodes } = encodeDom(document);
    return build(document, textNodes, labelsOf(textNodes), options);
  } finally {
    close();
  }
}

const brief = (doc) => doc.blocks.map((b) => {
  const x = { type: b.type, text: b.text };
  if (b.level) x.level = b.level;
  if (b.type === 'item') x.ordered = b.ordered;
  if (b.quote) x.quote = true;
  if (b.type === 'image') { x.src = b.src; x.alt = b.alt; }
  return x;
});

const CASES = [
  {
    name: 'paragraphs, inline markup joins its block, boilerplate dropped',
    html: '<nav><a href="/">Home</a></nav><div data-main><p>One <em>two</em> three.</p>' +
      '<p>Four\n   five.</p></div><footer>Foot</footer>',
    blocks: [{ type: 'para', text: 'One two three.' }, { type: 'para', text: 'Four five.' }],
  },
  {
    name: 'headings keep their level, lists their kind',
    html: '<div data-main><p>Intro.</p><h2>Sub</h2><ul><li>a</li><li>b</li></ul><ol><li>c</li></ol><h3>Deep</h3></div>',
    blocks: [{ type: 'para', text: 'Intro.' }, { type: 'heading', level: 2, text: 'Sub' }, { type: 'item', ordered: false, text: 'a' },
      { type: 'item', ordered: false, text: 'b' }, { type: 'item', ordered: true, text: 'c' },
      { type: 'heading', level: 3, text: 'Deep' }],
  },
  {
    name: 'quotes, preformatted text and line breaks',
    html: '<div data-main><blockquote><p>Said.</p></blockquote><pre>  x = 1\n  y = 2</pre><p>a<br>b</p></div>',
    blocks: [{ type: 'para', quote: true, text: 'Said.' }, { type: 'pre', text: '  x = 1\n  y = 2' },
      { type: 'para', text: 'a\nb' }],
  },
  {
    name: 'images between chosen text, only when asked, no tracking pixels',
    html: '<img src="/logo.png" alt="logo"><div data-main><p>Before.</p><img src="/pic.jpg" alt="A pic">' +
      '<img src="/px.gif" width="1" height="1"><p>After.</p></div><img src="/ad.png">',
    options: { images: true },
    blocks: [{ type: 'para', text: 'Before.' }, { type: 'image', src: 'https://example.org/pic.jpg', alt: 'A pic' },
      { type: 'para', text: 'After.' }],
  },
  {
    name: 'images are left out by default',
    html: '<div data-main><p>Before.</p><img src="/pic.jpg" alt="A pic"><p>After.</p></div>',
    blocks: [{ type: 'para', text: 'Before.' }, { type: 'para', text: 'After.' }],
  },
  {
    name: 'nothing chosen gives no blocks',
    html: '<p>Boilerplate only.</p>',
    blocks: [],
  },
];

describe('reader document', () => {
  test.each(CASES)('$name', ({ html, options, blocks }) => {
    const doc = readerDoc('<!DOCTYPE html><html><head><title>T</title></head><body>' + html + '</body></html>', options);
    expect(brief(doc)).toEqual(blocks);
    expect(doc.words).toBe(blocks.reduce((n, b) => n + ((b.text || '').match(/\S+/g) || []).length, 0));
  });

  test('the opening heading becomes the title; else <title>', () => {
    const a = readerDoc('<html lang="fr"><head><title>Site | Page</title></head><body>' +
      '<article data-main><h1>The headline</h1><p>Text.</p></article></body></html>');
    expect(a.title).toBe('The headline');
    expect(a.lang).toBe('fr');
    expect(a.url).toBe('https://example.org/a');
    expect(brief(a)).toEqual([{ type: 'para', text: 'Text.' }]);
    const b = readerDoc('<html><head><title> Site |\n Page </title></head><body><p data-main>Text.</p></body></html>');
    expect(b.title).toBe('Site | Page');
  });

  test('bad input gives a clear error', () => {
    const { document, close } = makeDocument('<p>x</p>');
    try {
      expect(() => build(null, [], [])).toThrow(/expected a Document/);
      expect(() => build(document, [document.body.firstChild.firstChild], [])).toThrow(/one label per text node/);
    } finally {
      close();
    }
  });
  // 100,000-deep nesting is tested in Chromium (tests/e2e/extension.spec.js):
  // jsdom itself recurses on such trees.
});
