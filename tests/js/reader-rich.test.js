// The reader view's document keeps links, emphasis and images (issue 30), from
// a page the reader must not trust: only http(s): and mailto: links, only
// http(s): and data:image/ pictures; and reader_cleanup.js drops what Firefox
// Reader View drops, with cases from the pages.
const { build } = require('../../extension/reader_model.js');
const { cleanBlocks, RULES } = require('../../extension/reader_cleanup.js');
const { encodeDom } = require('../../wasm/dom_encoder.js');
const { makeDocument } = require('./helpers');

// Every text node chosen (label 1) unless its text matches `skip`.
function readerOf(html, options = {}, skip = null) {
  const { document, close } = makeDocument(html, { url: 'https://news.example/story' });
  const { textNodes } = encodeDom(document);
  const labels = textNodes.map((t) => (skip && skip.test(t.data) ? 0 : 1));
  const doc = build(document, textNodes, labels, options);
  close();
  return doc;
}

describe('links and emphasis', () => {
  test('a paragraph keeps its links (absolute), italics, bold and code as runs that join into its text', () => {
    const doc = readerOf('<body><article><p>The <a href="/council">council</a> said <em>no</em> to the <strong>new</strong> ' +
      '<code>plan()</code>, and <a href="mailto:desk@news.example">wrote</a> <i>twice</i>.</p></article></body>');
    const p = doc.blocks.find((b) => b.type === 'para');
    expect(p.runs.map((r) => r.text).join('')).toBe(p.text);
    expect(p.runs).toEqual([
      { text: 'The ' },
      { text: 'council', href: 'https://news.example/council' },
      { text: ' said ' },
      { text: 'no', em: true },
      { text: ' to the ' },
      // A space between two elements joins the run before it.
      { text: 'new ', strong: true },
      { text: 'plan()', code: true },
      { text: ', and ' },
      { text: 'wrote ', href: 'mailto:desk@news.example' },
      { text: 'twice', em: true },
      { text: '.' },
    ]);
  });

  test('a hostile page: javascript:, data: and blob: links are text, never links', () => {
    const doc = readerOf('<body><article><p>Click <a href="javascript:alert(1)">here</a>, ' +
      '<a href="JaVaScRiPt:alert(2)">there</a>, <a href=" data:text/html,<script>alert(3)</script>">this</a>, ' +
      '<a href="blob:https://news.example/1234">that</a> or <a href="vbscript:x">those</a>.</p></article></body>');
    const p = doc.blocks.find((b) => b.type === 'para');
    expect(p.runs.filter((r) => r.href)).toEqual([]);
    expect(p.text).toBe('Click here, there, this, that or those.');
  });
});

describe('images', () => {
  const page = (img) => '<body><article><p>First paragraph of the story, long enough.</p><figure>' + img +
    '<figcaption>The caption of the picture.</figcaption></figure><p>More text after the picture.</p></article></body>';
  test.each([
    ['a plain src', '<img src="/a.jpg" alt="A">', 'https://news.example/a.jpg'],
    ['lazy: data-src over a placeholder', '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/real.jpg">', 'https://news.example/real.jpg'],
    ['lazy: data-srcset, the widest', '<img data-srcset="/s.jpg 300w, /l.jpg 1200w, /m.jpg 600w">', 'https://news.example/l.jpg'],
    ['srcset with densities', '<img srcset="/1x.jpg 1x, /2x.jpg 2x">', 'https://news.example/2x.jpg'],
    ['an inline picture', '<img src="data:image/png;base64,' + 'A'.repeat(300) + '">', 'data:image/png;base64,' + 'A'.repeat(300)],
  ])('%s', (name, img, want) => {
    const doc = readerOf(page(img), { images: true });
    const im = doc.blocks.find((b) => b.type === 'image');
    expect(im && im.src).toBe(want);
    // The caption follows its picture.
    expect(doc.blocks[doc.blocks.indexOf(im) + 1]).toMatchObject({ type: 'caption', text: 'The caption of the picture.' });
  });
  test.each([
    ['javascript:', '<img src="javascript:alert(1)">'],
    ['an HTML data: document', '<img src="data:text/html,<script>alert(1)</script>">'],
    ['an SVG data: document', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
    ['blob:', '<img src="blob:https://news.example/5678">'],
  ])('a hostile page: %s pictures are dropped', (name, img) => {
    const doc = readerOf(page(img), { images: true });
    expect(doc.blocks.filter((b) => b.type === 'image')).toEqual([]);
  });
});

describe('reader clean-up rules', () => {
  const blocks = (texts) => texts.map((t) => ({ type: 'para', text: t }));
  const keep = 'The council said on Tuesday that its plan for the harbour would go ahead after a long debate.';
  test.each([
    ['NYT: "Continue reading the main story", three times', ['Continue reading the main story', keep, 'Continue reading the main story', keep, 'Continue reading the main story']],
    ['NYT: "Photo" labels', ['Photo', keep, 'Photo']],
    ['a social prompt', [keep, 'Want up-to-the-minute entertainment news? Go to our Facebook page and hit \'Like\'']],
    ['a bare time', ['3:30 AM ET', keep]],
    ['a video title with its duration', [keep, 'Video: Storm hits the coast (2:15)', 'Watch: the harbour at night 1:42']],
  ])('%s', (name, texts) => {
    const out = cleanBlocks(blocks(texts), {});
    expect(out.blocks.map((b) => b.text)).toEqual([keep, keep].slice(0, texts.filter((t) => t === keep).length));
    expect(out.dropped.length).toBe(texts.length - out.blocks.length);
  });

  test('"RELATED STORIES:" with its headline at the end of the page goes, with what follows', () => {
    const out = cleanBlocks(blocks([keep, keep, 'RELATED STORIES:', 'Harbour plan approved after long debate']), {});
    expect(out.blocks.map((b) => b.text)).toEqual([keep, keep]);
    expect(out.dropped[0].rule).toBe('related box');
  });

  test.each([
    ['Forbes: "More From Forbes" with its teasers', 'More From Forbes', 'more from box'],
    ['"More on this story"', 'More on this story:', 'more from box'],
  ])('%s at the end of the page goes, with what follows', (name, box, rule) => {
    const out = cleanBlocks(blocks([keep, keep, box, 'In Chips, Two Cores Are Better Than One 08.24.04', 'Click here.']), {});
    expect(out.blocks.map((b) => b.text)).toEqual([keep, keep]);
    expect(out.dropped[0].rule).toBe(rule);
  });

  test('the byline and the date repeated inside the body go (the header has them)', () => {
    const info = { byline: 'Jane Doe', date: '2017-04-08' };
    const out = cleanBlocks(blocks(['By Jane Doe', keep, 'Jane Doe, April 8, 2017', 'April 8, 2017', keep,
      'updated 5:38 a.m. ET April 8, 2017']), info);
    expect(out.blocks.map((b) => b.text)).toEqual([keep, keep]);
  });

  test('no rule removes a paragraph of the article', () => {
    const article = ['Photographs of the harbour were shown at the meeting, which went on until 10:30 at night.',
      'Related stories in other papers said the same: the plan will go ahead, although the residents are unhappy with it.',
      'Continue reading, the mayor told the council, because the second half of the report is the important one.',
      'More from the council: the plan goes to a vote of the residents in May, and the mayor expects a yes.'];
    expect(cleanBlocks(blocks(article), {}).blocks.map((b) => b.text)).toEqual(article);
    expect(RULES.filter((r) => r.test.test(keep)).map((r) => r.name)).toEqual([]);
  });

  test('the reader document is cleaned', () => {
    // The byline is the core's metadata's author (here as the worker would give it).
    const doc = readerOf('<body><article><h1>Harbour plan approved</h1>' +
      '<p>By Jane Doe</p><p>' + keep + '</p><p>Continue reading the main story</p><p>' + keep + '</p></article></body>',
    { metadata: { title: 'Harbour plan approved', author: 'Jane Doe' } });
    expect(doc.blocks.map((b) => b.text)).toEqual([keep, keep]);
    expect(doc.byline).toBe('Jane Doe');
  });
});
