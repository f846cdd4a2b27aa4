// extension/reader_model.js: the reader view's document from a DOM and labels.
// Labels here are synthetic (1 inside an element with data-main, else 0; 0
// inside a data-out element within it: a text node the model left out), so
// the tests check the grouping into blocks, not an extractor. The header
// comes from the core's metadata of the same flat DOM, as the extension's
// worker computes it (wce.metadata on encodeDom's output, attribute section
// included, with the page's URL).
const { build, header } = require('../../extension/reader_model.js');
const { dayOfText } = require('../../extension/reader_cleanup.js');
const { encodeDom, composedChildren } = require('../../wasm/dom_encoder.js');
const { loadWce, makeDocument } = require('./helpers');

const URL_ = 'https://example.org/a';
let wce;
beforeAll(async () => { wce = await loadWce(); });

function labelsOf(textNodes) {
  return textNodes.map((t) => {
    const el = t.parentNode && t.parentNode.closest ? t.parentNode.closest('[data-main], [data-out]') : null;
    return el && el.hasAttribute('data-main') ? 1 : 0;
  });
}

// The core's metadata of a document as the worker gets it (the composed tree).
function coreMetadata(document) {
  return wce.metadata(encodeDom(document, { composed: true }), { url: document.URL });
}

function readerDoc(html, options) {
  const { document, close } = makeDocument(html, { url: URL_ });
  try {
    const { textNodes } = encodeDom(document);
    return build(document, textNodes, labelsOf(textNodes), Object.assign({ metadata: coreMetadata(document) }, options));
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
  if (b.type === 'table') x.rows = b.rows.map((r) => r.cells.map((c) => (c.header ? '#' : '') + c.text));
  const links = (b.runs || []).filter((r) => r.href).map((r) => r.text.trim() + ' -> ' + r.href);
  if (links.length) x.links = links;
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
    // Page 06 of docs/reader-compare (a vBulletin thread): the avatar and the
    // online-status icon beside the poster's name, a quote button and a
    // spacer between posts were shown as pictures (their alt text "Avatar von
    // Zaadi", "Zaadi ist offline", "Zitieren" when they did not load).
    name: 'pictures only in the kept region: not between unkept texts, not before unkept text',
    html: '<div data-main><p>First post.</p></div><div><a href="/u/1">Zaadi</a><img src="/u/zaadi.gif" alt="Avatar von Zaadi">' +
      '<span>Registriert seit 2010</span></div><div data-main><p>Second post.</p></div><img src="/q.gif" alt="Zitieren">' +
      '<span>Antworten</span><div data-main><p>Third post.</p></div>',
    options: { images: true },
    blocks: [{ type: 'para', text: 'First post.' }, { type: 'para', text: 'Second post.' }, { type: 'para', text: 'Third post.' }],
  },
  {
    // Page 03 of docs/reader-compare: the article's picture opens its block, after the unkept date line.
    name: 'the lead picture of a kept block, and a figure whose caption is kept, after unkept text',
    html: '<p>01/11/11 10:18</p><div data-main><img src="/happy.jpg" width="231" height="158">Happy people live longer.</div>' +
      '<span>Share</span><figure><img src="/chart.png" alt="Chart"><figcaption data-main>Life expectancy.</figcaption></figure>',
    options: { images: true },
    blocks: [{ type: 'image', src: 'https://example.org/happy.jpg', alt: '' }, { type: 'para', text: 'Happy people live longer.' },
      { type: 'image', src: 'https://example.org/chart.png', alt: 'Chart' }, { type: 'caption', text: 'Life expectancy.' }],
  },
  {
    name: 'a figure between kept texts stays whole, with the caption the model left out',
    html: '<div data-main><p>Before.</p><figure><img src="/p.jpg" alt="P"><figcaption data-out><p>The pier at <a href="/tide">low' +
      '</a>  tide.</p></figcaption></figure><p>After.</p></div>',
    options: { images: true },
    blocks: [{ type: 'para', text: 'Before.' }, { type: 'image', src: 'https://example.org/p.jpg', alt: 'P' },
      { type: 'caption', text: 'The pier at low tide.', links: ['low -> https://example.org/tide'] }, { type: 'para', text: 'After.' }],
  },
  {
    name: 'interface pictures are furniture: icons, buttons, avatars, spacers, logos (by file path, class or id)',
    html: '<div data-main><p>Before.</p><img src="/images/statusicon/user-offline.png"><img src="/misc/quote_icon.png">' +
      '<img src="/buttons/viewpost-right.png"><img src="/customavatars/avatar1.gif"><img src="/spacer.gif">' +
      '<img src="/img/site-logo.png"><img class="inlineimg avatar" src="/u/9.jpg"><img src="/smilies/biggrin.gif" alt=":D">' +
      '<img src="https://icons.example/photos/harbour.jpg" alt="Harbour"><p>After.</p></div>',
    options: { images: true },
    blocks: [{ type: 'para', text: 'Before.' }, { type: 'image', src: 'https://example.org/smilies/biggrin.gif', alt: ':D' },
      { type: 'image', src: 'https://icons.example/photos/harbour.jpg', alt: 'Harbour' }, { type: 'para', text: 'After.' }],
  },
  {
    // Page 06 again: "Link zum Artikel" at the end of the first post and a URL
    // in a sentence were left out by the model (labels 0.43, 0.38).
    name: 'links and emphasis the model left out inside kept text are shown, with their address',
    html: '<div data-main><p>The <a data-out href="/report">full report</a> comes <em data-out>next</em> week.</p>' +
      '<p>Ein Einschlag soll ausgeschlossen sein.<br><a data-out href="https://news.example/a">Link zum Artikel</a></p>' +
      '<p><a data-out href="/magnum">Magnum P.I.</a> airs on Monday nights.</p></div>',
    blocks: [{ type: 'para', text: 'The full report comes next week.', links: ['full report -> https://example.org/report'] },
      { type: 'para', text: 'Ein Einschlag soll ausgeschlossen sein.\nLink zum Artikel', links: ['Link zum Artikel -> https://news.example/a'] },
      { type: 'para', text: 'Magnum P.I. airs on Monday nights.', links: ['Magnum P.I. -> https://example.org/magnum'] }],
  },
  {
    // Page 00 (Forbes): related headlines with their dates, one a line, between kept teaser lines.
    name: 'unkept plain text stays out: a line of its own, before or after the kept text, too long, or a cleanup rule\'s',
    html: '<div data-main><p>Dual-core is the theme.<br><a data-out href="/chips">Two Cores</a> <span data-out>08.24.04</span><br>' +
      'Chipmakers are warming to it.</p><p><span data-out>Posted in</span> News today.</p><p>Kept.<span data-out> Plain tail.</span></p>' +
      '<p>Start <span data-out>' + 'x'.repeat(201) + '</span> end.</p><p>The story. <a data-out href="/more">Read more</a></p>' +
      '<p>One <span data-out>2024</span> line.</p><p>Left <span data-out>' + 'y'.repeat(201) + '</span>right.</p></div>',
    blocks: [{ type: 'para', text: 'Dual-core is the theme.\n\nChipmakers are warming to it.' }, { type: 'para', text: 'News today.' },
      { type: 'para', text: 'Kept.' }, { type: 'para', text: 'Start end.' }, { type: 'para', text: 'The story.' },
      { type: 'para', text: 'One 2024 line.' }, { type: 'para', text: 'Left right.' }],
  },
  {
    name: 'images are left out by default',
    html: '<div data-main><p>Before.</p><img src="/pic.jpg" alt="A pic"><p>After.</p></div>',
    blocks: [{ type: 'para', text: 'Before.' }, { type: 'para', text: 'After.' }],
  },
  {
    // The words of neighbouring inline elements stay apart: "SharePostEmail"
    // was a defect (white-space-only text nodes were dropped).
    name: 'white space between inline elements keeps words apart',
    html: '<div data-main><p><a>Share</a> <a>Post</a>\n<a>Email</a><button>Copy link</button><span>48 comments</span></p>' +
      '<p>Topics: <a>Energy</a> <a>Tidal power</a></p><p>un<b>broken</b> word</p></div>',
    blocks: [{ type: 'para', text: 'Share Post Email Copy link 48 comments' },
      { type: 'para', text: 'Topics: Energy Tidal power' }, { type: 'para', text: 'unbroken word' }],
  },
  {
    name: 'a paragraph that is all bold is a subhead; a bold lead-in is not',
    html: '<div data-main><p><strong>How it began</strong></p><p>Text <b>bold</b> text.</p>' +
      '<p><b>Note:</b> more text.</p></div>',
    blocks: [{ type: 'heading', level: 3, text: 'How it began' }, { type: 'para', text: 'Text bold text.' },
      { type: 'para', text: 'Note: more text.' }],
  },
  {
    name: 'the page address as the first line is dropped',
    html: '<div data-main><p>https://example.org/a</p><p>Body text.</p></div>',
    blocks: [{ type: 'para', text: 'Body text.' }],
  },
  {
    name: 'a data table stays a table (headers marked #); a layout table is read as paragraphs',
    html: '<div data-main><table><tr><th>Year</th><th>Yield</th></tr><tr><td>2023</td><td>12 kg</td></tr></table>' +
      '<p>Between.</p><table><tr><td><table><tr><td>Inner a</td><td>Inner b</td></tr></table></td></tr></table></div>',
    blocks: [{ type: 'table', rows: [['#Year', '#Yield'], ['2023', '12 kg']] }, { type: 'para', text: 'Between.' },
      { type: 'table', rows: [['Inner a', 'Inner b']] }],
  },
  {
    name: 'figure captions are captions',
    html: '<div data-main><p>Before.</p><figure><img src="/p.jpg"><figcaption>The frame in March.</figcaption></figure></div>',
    blocks: [{ type: 'para', text: 'Before.' }, { type: 'caption', text: 'The frame in March.' }],
  },
  {
    name: 'ruby: the base text, without the readings and their parentheses',
    html: '<div data-main><p>Read <ruby>kan<rp>(</rp><rt>k</rt><rp>)</rp>ji</ruby> here.</p></div>',
    blocks: [{ type: 'para', text: 'Read kanji here.' }],
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
    const text = (b) => b.text || (b.rows || []).flat().join(' ').replace(/#/g, '');
    expect(doc.words).toBe(blocks.reduce((n, b) => n + (text(b).match(/\S+/g) || []).length, 0));
  });

  test('the title is the core\'s; the opening heading that repeats it is shown once, in the header', () => {
    const a = readerDoc('<html lang="fr"><head><title>The headline | Site</title></head><body>' +
      '<article data-main><h1>The headline</h1><p>Text.</p></article></body></html>');
    expect(a.title).toBe('The headline');
    expect(a.lang).toBe('fr');
    expect(a.url).toBe(URL_);
    expect(brief(a)).toEqual([{ type: 'para', text: 'Text.' }]);
    // A heading other than the core's title stays in the text.
    const b = readerDoc('<html><head><title>Tide tables for the whole coast</title>' +
      '<meta property="og:title" content="Tide tables for the whole coast"></head><body>' +
      '<h1>Tide tables for the whole coast</h1><div data-main><h1>Monday</h1><p>Text.</p></div></body></html>');
    expect(b.title).toBe('Tide tables for the whole coast');
    expect(brief(b)[0]).toEqual({ type: 'heading', text: 'Monday', level: 1 });
    // No metadata at all: the kept <h1> is the title.
    const { document, close } = makeDocument('<body><div data-main><h1>Only a heading</h1><p>Text.</p></div></body>', { url: URL_ });
    const { textNodes } = encodeDom(document);
    const c = build(document, textNodes, labelsOf(textNodes));
    close();
    expect(c.title).toBe('Only a heading');
    expect(c.siteName).toBe('example.org');
    expect(brief(c)).toEqual([{ type: 'para', text: 'Text.' }]);
  });

  test('title without the site name, byline, date and site name from the core\'s metadata', () => {
    const d = readerDoc('<html lang="en"><head><title>Tidal power is back - The Daily Site</title>' +
      '<meta property="og:site_name" content="The Daily Site"><meta name="author" content="Ann Lee">' +
      '<meta property="article:published_time" content="2024-10-14T08:00:00Z"></head><body>' +
      '<article data-main><p>' + 'word '.repeat(460) + '</p></article></body></html>');
    expect(d.title).toBe('Tidal power is back');
    expect(d.siteName).toBe('The Daily Site');
    expect(d.byline).toBe('Ann Lee');
    expect(d.published).toBe('2024-10-14T08:00:00Z');
    expect(d.date).toBe('2024-10-14');
    expect(d.minutes).toBe(2); // 460 words at 230 a minute
    // schema.org JSON-LD (author, publisher) and <time> when there is no <meta>.
    const e = readerDoc('<html><head><title>A story about the sea | Sea News</title>' +
      '<script type="application/ld+json">{"@graph": [{"@type": "NewsArticle", "author": [{"name": "Bo Chen"}, {"name": "Ida Moss"}],' +
      ' "publisher": {"@type": "Organization", "name": "Sea News"}}]}</script></head><body>' +
      '<time datetime="2023-01-02">2 Jan</time><p data-main>Text.</p></body></html>');
    expect(e.title).toBe('A story about the sea');
    expect(e.byline).toBe('Bo Chen, Ida Moss'); // the core's "; " list, shown as one line
    expect(e.siteName).toBe('Sea News');
    expect(e.date).toBe('2023-01-02');
    // A visible byline (rel=author); no site name: the host.
    const f = readerDoc('<html><head><title>Short | X</title></head><body><h1>Short</h1><a rel="author" href="/u">By Kim Lund</a>' +
      '<p data-main>Text.</p></body></html>');
    expect(f.byline).toBe('Kim Lund');
    expect(f.siteName).toBe('example.org');
  });

  test('header(): the core\'s fields as the reader shows them', () => {
    expect(header({ title: ' A  title ', author: 'Ann Lee; Bo Chen', date: '2017-04-08T05:38:00-05:00', site: '',
      lang: 'en', page_type: 'article' }, 'https://www.news.example/x')).toEqual({
      title: 'A title', siteName: 'news.example', byline: 'Ann Lee, Bo Chen', published: '2017-04-08T05:38:00-05:00',
      date: '2017-04-08', lang: 'en', pageType: 'article' });
    // Nothing given, or not strings: an empty header, never an exception.
    expect(header(undefined, 'not a url')).toEqual({ title: '', siteName: '', byline: '', published: '', date: '',
      lang: '', pageType: '' });
    expect(header({ title: 5, author: null, date: 'soon' }, '').date).toBe('');
  });

  test('right-to-left and CJK pages: direction and reading time', () => {
    const ar = readerDoc('<html lang="ar"><head><title>T</title></head><body><p data-main>نص عربي</p></body></html>');
    expect(ar.dir).toBe('rtl');
    const zh = readerDoc('<html lang="zh"><head><title>T</title></head><body><p data-main>' + '中文'.repeat(500) + '</p></body></html>');
    expect(zh.dir).toBe('');
    expect(zh.words).toBe(1000);
    expect(zh.minutes).toBe(2); // 1,000 characters at 500 a minute
  });

  // The content script walks the composed tree (encodeDom's composed option
  // and composedChildren): shadow text and slotted text in the order shown.
  test('open shadow roots: their text in the order the page shows it', () => {
    const { document, close } = makeDocument('<body><article data-main><h1>Title of the piece</h1>' +
      '<div id="host"><p>Slotted paragraph from the light tree.</p></div><p>Last paragraph.</p></article></body>',
    { url: 'https://example.org/a' });
    try {
      const shadow = document.getElementById('host').attachShadow({ mode: 'open' });
      shadow.innerHTML = '<section><p>Shadow paragraph before the slot.</p><slot></slot></section>';
      const { textNodes } = encodeDom(document, { composed: true });
      const labels = textNodes.map(() => 1);
      const children = (el, tag) => composedChildren(el, tag, null);
      expect(brief(build(document, textNodes, labels, { children }))).toEqual([
        { type: 'para', text: 'Shadow paragraph before the slot.' },
        { type: 'para', text: 'Slotted paragraph from the light tree.' },
        { type: 'para', text: 'Last paragraph.' },
      ]);
      // Without the composed walk the shadow text is not found, even if labelled.
      expect(brief(build(document, textNodes, labels)).map((b) => b.text)).not.toContain('Shadow paragraph before the slot.');
    } finally {
      close();
    }
  });

  // Issue 30: the article in a shadow root, its <h1> not kept: the <h1> the
  // <title> contains, not the <title> with the site's part (the core's rule).
  test('title: an <h1> that the <title> contains, in a shadow root, when no heading is kept', () => {
    const { document, close } = makeDocument('<head><title>Storm closes the bay bridge - Daily Gazette Online</title></head>' +
      '<body><nav>Home</nav><div id="host"></div></body>', { url: 'https://example.org/a' });
    try {
      const shadow = document.getElementById('host').attachShadow({ mode: 'open' });
      shadow.innerHTML = '<h1>Storm closes the bay bridge</h1><article><p>The bridge closed at noon.</p></article>';
      const { textNodes } = encodeDom(document, { composed: true });
      const labels = textNodes.map((t) => (t.data.startsWith('The bridge') ? 1 : 0));
      const children = (el, tag) => composedChildren(el, tag, null);
      // The core reads the composed tree the extension sends: the shadow root's <h1> is there.
      const doc = build(document, textNodes, labels, { children, metadata: coreMetadata(document) });
      expect(doc.title).toBe('Storm closes the bay bridge');
      expect(brief(doc)).toEqual([{ type: 'para', text: 'The bridge closed at noon.' }]);
      // An <h1> that names the site (a logo) is not the title.
      shadow.querySelector('h1').textContent = 'Daily Gazette Online';
      const site = document.createElement('meta');
      site.setAttribute('property', 'og:site_name');
      site.setAttribute('content', 'Daily Gazette Online');
      document.head.appendChild(site);
      const logo = build(document, textNodes, labels, { children, metadata: coreMetadata(document) });
      expect(logo.title).toBe('Storm closes the bay bridge');
      expect(logo.siteName).toBe('Daily Gazette Online');
    } finally {
      close();
    }
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

// Issue 30: the header's date and site name, from the core.
describe('reader header: dates and site names', () => {
  test.each([
    ['2017-04-08T05:38-500', '2017-04-08'], // malformed time zone: the day is still clear
    ['2024-10-14T08:00:00Z', '2024-10-14'],
    ['2023-01-02', '2023-01-02'],
    ['April 8, 2017', '2017-04-08'],
    ['Sat, 08 Apr 2017 05:38:00 GMT', '2017-04-08'],
    ['2017-13-45', ''], // no such day
    ['3:30 AM ET', ''],
    ['yesterday', ''],
    ['0000-00-00', ''],
    ['', ''],
  ])('the core reads %j as the day "%s"; the reader shows that or nothing', (raw, want) => {
    const { document, close } = makeDocument('<html><head><title>T</title>' +
      '<meta property="article:published_time" content="' + raw + '"></head><body></body></html>', { url: URL_ });
    const doc = build(document, [], [], { metadata: coreMetadata(document) });
    close();
    expect(doc.date).toBe(want);
  });

  test('a site name written as a machine name is shown as the site writes itself', () => {
    const { document, close } = makeDocument('<html><head><title>Storm hits the coast | Inquirer News</title>' +
      '<meta property="og:site_name" content="INQUIRERDOTNET"></head><body><p>Text.</p></body></html>', { url: URL_ });
    const doc = build(document, [], [], { metadata: coreMetadata(document) });
    close();
    expect(doc.siteName).toBe('Inquirer News');
    expect(doc.title).toBe('Storm hits the coast');
    const bbc = makeDocument('<html><head><title>A story</title><meta property="og:site_name" content="BBC"></head><body></body></html>',
      { url: URL_ });
    expect(build(bbc.document, [], [], { metadata: coreMetadata(bbc.document) }).siteName).toBe('BBC'); // an acronym stays
    bbc.close();
  });
});

// reader_cleanup.js recognises the header's day repeated in the text.
describe('the day a short text names (reader_cleanup.js dayOfText)', () => {
  test.each([
    ['2017-04-08T05:38-500', '2017-04-08'],
    ['April 8, 2017', '2017-04-08'],
    ['Sat, 08 Apr 2017 05:38:00 GMT', '2017-04-08'],
    // dragnet-9 (docs/reader-compare page 04): the dateline under the byline, and without punctuation (repeatsHeader's form).
    ['updated 4:36 p.m. ET July 23, 2012', '2012-07-23'],
    ['4 36 p m et july 23 2012', '2012-07-23'],
    ['2017-13-45', ''],
    ['3:30 AM ET', ''],
    ['12/05', ''],
    ['', ''],
    ['0001-01-01', ''],
  ])('%j -> "%s"', (raw, want) => {
    expect(dayOfText(raw)).toBe(want);
  });
});
