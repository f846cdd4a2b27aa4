// wasm/dom_encoder.js: live DOM -> flat encoding (core/include/wce/html.hpp).
const { encodeDom, STRIDE, NONE } = require('../../wasm/dom_encoder.js');
const { loadWce, makeDocument, datasetFiles, readDatasetHead } = require('./helpers');

const HIDDEN = 1 << 8;
const HREF = 2 << 8;
const JAVASCRIPT_HREF = 4 << 8;

function encode(html, options) {
  const { document, close } = makeDocument(html, options);
  try {
    return encodeDom(document);
  } finally {
    close();
  }
}

// [kind|flags, parent, tag, id, class, role, itemprop, aria-hidden, style, text] rows.
function rows(nodes) {
  const out = [];
  for (let k = 0; k < nodes.length; k += STRIDE) out.push(Array.from(nodes.subarray(k, k + STRIDE)));
  return out;
}

let wce;
beforeAll(async () => {
  wce = await loadWce();
});

describe('flat format', () => {
  test('exact encoding of a tiny page', () => {
    const flat = encode('<!DOCTYPE html><!-- before --><html><head><title>T</title></head>' +
      '<body><div id="main" class="c x" role="main"><p hidden>Hi <a href="/x">there</a></p></div>' +
      '<!-- c --></body></html><!-- after -->');
    expect(flat.nodes).toBeInstanceOf(Uint32Array);
    expect(rows(flat.nodes)).toEqual([
      // kind|flags     parent tag id cls role itemprop aria style text
      [1,               NONE,  4, 0, 0, 0, 0, 0, 0, 0],  // 0 html
      [1,               0,     4, 0, 0, 0, 0, 0, 0, 0],  // 1 head
      [1,               1,     5, 0, 0, 0, 0, 0, 0, 0],  // 2 title
      [2,               2,     0, 0, 0, 0, 0, 0, 0, 1],  // 3 "T"
      [1,               0,     4, 0, 0, 0, 0, 0, 0, 0],  // 4 body
      [1,               4,     3, 4, 3, 4, 0, 0, 0, 0],  // 5 div#main.c.x[role=main]
      [1 | HIDDEN,      5,     1, 0, 0, 0, 0, 0, 0, 0],  // 6 p[hidden]
      [2,               6,     0, 0, 0, 0, 0, 0, 0, 3],  // 7 "Hi "
      [1 | HREF,        6,     1, 0, 0, 0, 0, 0, 0, 0],  // 8 a[href]
      [2,               8,     0, 0, 0, 0, 0, 0, 0, 5],  // 9 "there"
    ]);
    expect(flat.strings).toBe('html' + 'head' + 'title' + 'T' + 'body' + 'div' + 'main' + 'c x' + 'main' +
      'p' + 'Hi ' + 'a' + 'there');
    expect(flat.textNodes.map((t) => t.data)).toEqual(['T', 'Hi ', 'there']);
  });

  test('href values that start with "javascript:" (case-sensitive) get flag 4', () => {
    const flat = encode('<html><head></head><body><a href="javascript:go()">a</a><a href="JavaScript:go()">b</a>' +
      '<a href=" javascript:x">c</a><a href="/x">d</a></body></html>');
    const flags = rows(flat.nodes).filter((r) => (r[0] & 0xff) === 1).slice(3).map((r) => r[0] & ~0xff);
    expect(flags).toEqual([HREF | JAVASCRIPT_HREF, HREF, HREF, HREF]);
  });

  test('rel="author" gets flag 8; rel icon, search, prev, next, tag get 16 (trimmed, case-sensitive)', () => {
    const flat = encode('<html><head></head><body><a rel="author">a</a><a rel=" tag ">b</a><a rel="next">c</a>' +
      '<a rel="Author">d</a><a rel="nofollow">e</a><span rel="search">f</span></body></html>');
    const flags = rows(flat.nodes).filter((r) => (r[0] & 0xff) === 1).slice(3).map((r) => r[0] >> 8);
    expect(flags).toEqual([8, 16, 16, 0, 0, 16]);
  });

  test('attribute strings come in the order id, class, role, itemprop, aria-hidden, style', () => {
    const flat = encode('<html><head></head><body><span style="display:none" aria-hidden="true" ' +
      'itemprop="name" role="note" class="k" id="i">x</span></body></html>');
    expect(rows(flat.nodes)[3]).toEqual([1, 2, 4, 1, 1, 4, 4, 4, 12, 0]);
    expect(flat.strings).toBe('html' + 'head' + 'body' + 'span' + 'i' + 'k' + 'note' + 'name' + 'true' +
      'display:none' + 'x');
  });

  test('lengths are UTF-16 code units', () => {
    const flat = encode('<html><head></head><body><p class="é😀">😀é𝔘</p></body></html>');
    const r = rows(flat.nodes);
    expect(r[3][4]).toBe(3);  // class "é😀"
    expect(r[4][9]).toBe(5);  // text "😀é𝔘"
    expect(wce.classify(flat, { extractor: 'all_text' }).text).toBe('😀é𝔘');
  });

  test('tag names are ASCII-lower-cased local names (SVG camelCase too)', () => {
    const flat = encode('<html><head></head><body><svg><foreignObject><p>x</p></foreignObject>' +
      '<linearGradient></linearGradient></svg></body></html>');
    const names = [];
    let pos = 0;
    for (const r of rows(flat.nodes)) {
      names.push(flat.strings.substr(pos, r[2]));
      pos += r.slice(2).reduce((a, b) => a + b, 0);
    }
    expect(names).toEqual(['html', 'head', 'body', 'svg', 'foreignobject', 'p', '', 'lineargradient']);
  });

  test('the root element has parent 0xFFFFFFFF; parents precede children', () => {
    const flat = encode('<p>a<b>b<i>c</i></b>d</p>');
    const r = rows(flat.nodes);
    expect(r[0][1]).toBe(0xFFFFFFFF);
    for (let k = 1; k < r.length; k++) expect(r[k][1]).toBeLessThan(k);
    expect(r.map((x) => x[0] & 0xFF)).toEqual([1, 1, 1, 1, 2, 1, 2, 1, 2, 2]);
  });
});

describe('what is skipped', () => {
  test('script, style, noscript and template: element encoded, content not', () => {
    const flat = encode('<html><head><style>p{color:red}</style><script>var s = "<p>x</p>";</script></head>' +
      '<body><noscript><p>enable JS</p></noscript><template><p>tpl</p></template>' +
      '<p>kept</p><script type="text/template"><div>t</div></script></body></html>');
    const r = rows(flat.nodes);
    const tags = [];
    let pos = 0;
    for (const x of r) {
      tags.push(x[0] === 2 ? '#' + flat.strings.substr(pos + x.slice(2, 9).reduce((a, b) => a + b, 0), x[9])
        : flat.strings.substr(pos, x[2]));
      pos += x.slice(2).reduce((a, b) => a + b, 0);
    }
    expect(tags).toEqual(['html', 'head', 'style', 'script', 'body', 'noscript', 'template', 'p', '#kept', 'script']);
    expect(flat.textNodes.map((t) => t.data)).toEqual(['kept']);
    const res = wce.classify(flat, { extractor: 'all_text' });
    expect(res.labels.length).toBe(1);
    expect(res.text).toBe('kept');
  });

  test('noscript content parsed as elements (scripting off) is skipped too', () => {
    const flat = encode('<body><noscript><div><p>no js</p></div></noscript><p>y</p></body>');
    expect(flat.textNodes.map((t) => t.data)).toEqual(['y']);
  });

  // core/src/document/tags.cpp non_content: the same names, so that label k
  // is textNodes[k] and the WASM text equals the Gumbo path's.
  test('ruby readings (rt, rp, rtc) and MathML annotations: element encoded, content not', () => {
    const html = '<body><p><ruby>漢<rp>(</rp><rt>kan</rt><rp>)</rp>字<rtc><rt>ji</rt></rtc></ruby>です</p>' +
      '<p>a set of <math><semantics><mi>N</mi><annotation encoding="application/x-tex">{\\displaystyle N}</annotation>' +
      '<annotation-xml encoding="MathML-Content"><ci>N</ci></annotation-xml></semantics></math> objects</p></body>';
    const flat = encode(html);
    expect(flat.textNodes.map((t) => t.data)).toEqual(['漢', '字', 'です', 'a set of ', 'N', ' objects']);
    const res = wce.classify(flat, { extractor: 'all_text' });
    expect(res.labels.length).toBe(flat.textNodes.length);
    expect(res.text).toBe('漢字です\na set of N objects');
    expect(wce.extract(html, { extractor: 'all_text' }).text).toBe(res.text);
  });

  test('doctype and comments skipped; processing instructions skipped; CDATA is text', () => {
    const xhtml = '<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml">' +
      '<head><title>x</title></head><body><p><![CDATA[a<b]]><?pi data?><!-- c -->z</p></body></html>';
    const flat = encode(xhtml, { contentType: 'application/xhtml+xml' });
    expect(flat.textNodes.map((t) => [t.nodeType, t.data])).toEqual([[3, 'x'], [4, 'a<b'], [3, 'z']]);
    const res = wce.classify(flat, { extractor: 'all_text' });
    expect(res.labels.length).toBe(3);
    expect(res.text).toBe('x\na<bz');
  });

  test('no descent into iframe documents or shadow roots', () => {
    const { document, close } = makeDocument('<body><div id="host"></div><iframe></iframe><p>light</p></body>');
    const host = document.getElementById('host');
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>in shadow</p>';
    const iframe = document.querySelector('iframe');
    if (iframe.contentDocument) iframe.contentDocument.body.innerHTML = '<p>in frame</p>';
    const flat = encodeDom(document);
    close();
    expect(flat.textNodes.map((t) => t.data)).toEqual(['light']);
  });

  // The composed tree, as the extension reads a live page: open shadow roots
  // in place of their host's light children, slots showing their assigned
  // nodes (or their fallback), a same-origin frame's body as a <div>.
  test('composed: open shadow roots with slots, and frame documents, in rendered order', () => {
    const { document, close } = makeDocument('<body><div id="host"><span>slotted</span><b>unslotted</b></div>' +
      '<div id="empty"></div><iframe></iframe><p>light</p></body>');
    const host = document.getElementById('host');
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p>shadow before</p><slot name="none">fallback</slot><slot></slot><p>shadow after</p>';
    host.querySelector('b').setAttribute('slot', 'nowhere');
    const closed = document.getElementById('empty').attachShadow({ mode: 'closed' });
    closed.innerHTML = '<p>closed</p>';
    const iframe = document.querySelector('iframe');
    const hasFrame = iframe.contentDocument !== null && iframe.contentDocument.body !== null;
    if (hasFrame) iframe.contentDocument.body.innerHTML = '<p>in frame</p>';
    const flat = encodeDom(document, { composed: true });
    const plain = encodeDom(document);
    close();
    const frameText = hasFrame ? ['in frame'] : [];
    expect(flat.textNodes.map((t) => t.data)).toEqual(['shadow before', 'fallback', 'slotted', 'shadow after', ...frameText, 'light']);
    expect(flat.roots.length).toBe(hasFrame ? 2 : 1);
    expect(flat.roots[0]).toBe(shadow);
    // Parents: the shadow paragraph hangs from the host, the slotted span from the slot.
    const r = rows(flat.nodes);
    const names = [];
    let pos = 0;
    for (const row of r) {
      names.push(flat.strings.slice(pos, pos + row[2]));
      pos += row.slice(2).reduce((a, b) => a + b, 0);
    }
    const textRows = r.map((row, i) => i).filter((i) => (r[i][0] & 0xff) === 2);
    const parentOf = (text) => r[textRows[flat.textNodes.findIndex((t) => t.data === text)]][1];
    const hostIdx = parentOf('shadow before') === NONE ? -1 : r[parentOf('shadow before')][1];
    expect(names[hostIdx]).toBe('div');
    expect(r[hostIdx][3]).toBe('host'.length);
    expect(names[r[parentOf('slotted')][1]]).toBe('slot');
    expect(names[parentOf('fallback')]).toBe('slot');
    if (hasFrame) expect(names).not.toContain('iframe');
    // Without the option, nothing of that is read.
    expect(plain.textNodes.map((t) => t.data)).toEqual(['slotted', 'unslotted', 'light']);
    // The composed encoding is a valid page for the core.
    const res = wce.classify(flat, { extractor: 'all_text' });
    expect(res.labels.length).toBe(flat.textNodes.length);
    expect(res.text).toContain('shadow before');
  });

  test('a document without a root element encodes to nothing', () => {
    const { document, close } = makeDocument('<p>x</p>');
    document.removeChild(document.documentElement);
    const flat = encodeDom(document);
    close();
    expect(flat.nodes.length).toBe(0);
    expect(flat.strings).toBe('');
    expect(wce.classify(flat, { extractor: 'all_text' }).labels.length).toBe(0);
  });

  test('rejects what is not a document', () => {
    expect(() => encodeDom(null)).toThrow(TypeError);
    expect(() => encodeDom('<p>')).toThrow(/expected a Document/);
  });
});

describe('textNodes are the live nodes behind the labels', () => {
  test('labels.length === textNodes.length, same order as the decoder', () => {
    const { document, close } = makeDocument('<body><p>one <b>two</b></p><script>x</script>' +
      '<ul><li>three</li><li>four</li></ul></body>');
    const flat = encodeDom(document);
    const res = wce.classify(flat, { extractor: 'all_text' });
    expect(res.labels.length).toBe(flat.textNodes.length);
    expect(flat.textNodes.map((t) => t.data)).toEqual(['one ', 'two', 'three', 'four']);
    expect(flat.textNodes[1].parentNode.tagName).toBe('B');
    // Highlighting: the nodes are live; changing them changes the page.
    flat.textNodes[1].data = 'TWO';
    expect(document.querySelector('b').textContent).toBe('TWO');
    close();
  });
});

describe('deep and big documents', () => {
  test('100,000 levels deep: iterative, no stack overflow', () => {
    const { document, close } = makeDocument('<p>x</p>');
    // jsdom itself recurses when a deep subtree is attached to a document, so
    // the chain is built detached, bottom-up, and handed over as the root.
    const depth = 100000;
    let top = document.createTextNode('deep');
    for (let i = 0; i < depth; i++) {
      const el = document.createElement(i % 2 ? 'div' : 'span');
      el.appendChild(top);
      top = el;
    }
    const html = document.createElement('html');
    html.appendChild(top);
    const flat = encodeDom({ documentElement: html });
    expect(flat.nodes.length).toBe((depth + 2) * STRIDE);
    expect(flat.nodes[(depth + 1) * STRIDE + 1]).toBe(depth);  // the text's parent: the innermost element
    expect(flat.textNodes.length).toBe(1);
    const res = wce.classify(flat, { extractor: 'all_text' });
    expect(res.text).toBe('deep');
    for (const x of wce.classifyMany(flat).results) expect({ name: x.extractor, n: x.labels.length }).toEqual({ name: x.extractor, n: 1 });
    close();
  });

  function timeEncode(label, html) {
    const { document, close } = makeDocument(html);
    encodeDom(document);  // warm-up
    const runs = [];
    let flat;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      flat = encodeDom(document);
      runs.push(performance.now() - t0);
    }
    close();
    const ms = Math.min(...runs);
    const nodes = flat.nodes.length / STRIDE;
    console.log(`encodeDom: ${label}, ${(html.length / 1e6).toFixed(2)} M chars, ${nodes} nodes, ` +
      `${flat.textNodes.length} text nodes: ${ms.toFixed(1)} ms in jsdom (best of 3)`);
    return { ms, nodes };
  }

  test('encodes a 1 MB dataset page (time logged, not asserted: bench/ measures speed)', () => {
    // The biggest of the first pages of htmltotext-benchmark: a 1.25 MB CNBC article.
    const recs = datasetFiles().includes('htmltotext-benchmark.jsonl.gz')
      ? readDatasetHead('htmltotext-benchmark.jsonl.gz', 20, 1.5e6) : [];
    if (!recs.length) return;  // no datasets: the synthetic page below still runs
    const big = recs.reduce((a, b) => (b.html.length > a.html.length ? b : a));
    const { nodes } = timeEncode(big.id, big.html);
    expect(nodes).toBeGreaterThan(100);
  });

  test('encodes a 1 MB page with 100,000 nodes (time logged, not asserted)', () => {
    const row = '<tr><td class="c"><a href="/x">link</a> some <b>text</b> here</td><td>more text</td></tr>';
    const html = '<html><body><table>' + row.repeat(Math.ceil(1e6 / row.length)) + '</table></body></html>';
    const { nodes } = timeEncode('synthetic table', html);
    expect(nodes).toBeGreaterThan(90000);
  });
});
