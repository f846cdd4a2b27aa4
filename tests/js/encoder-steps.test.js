// The DOM encoder in steps (createDomEncoder, which the extension runs in
// slices with yields between) gives encodeDom's result, for any step size,
// and reads every node once; no WebAssembly needed.
const { encodeDom, createDomEncoder } = require('../../wasm/dom_encoder.js');
const { makeDocument } = require('./helpers');

const PAGES = [
  ['empty body', '<!DOCTYPE html><html><head></head><body></body></html>'],
  ['an article', '<html><head><title>T</title><style>p{}</style></head><body><nav><a href="/">Home</a></nav>' +
    '<article><h1 id="h" class="x">Title</h1><p>One <b>two</b> three.</p><script>var x = 1;</script>' +
    '<ul><li>a</li><li>b</li></ul><p hidden>gone</p></article><footer>foot</footer></body></html>'],
  ['deep nesting', '<body>' + '<div>'.repeat(300) + 'deep text' + '</div>'.repeat(300) + '<p>after</p></body>'],
  ['many siblings', '<body>' + Array.from({ length: 2000 }, (_, i) => `<p>para ${i}</p>`).join('') + '</body>'],
];

describe.each(PAGES)('%s', (name, html) => {
  const whole = (() => {
    const { document, close } = makeDocument(html);
    const r = encodeDom(document);
    const out = { nodes: Array.from(r.nodes), strings: r.strings, text: r.textNodes.map((t) => t.data) };
    close();
    return out;
  })();

  for (const step of [1, 2, 7, 500, Infinity]) {
    test(`steps of ${step} nodes give the same encoding`, () => {
      const { document, close } = makeDocument(html);
      const enc = createDomEncoder(document);
      let calls = 0;
      while (!enc.step(step)) {
        calls++;
        expect(() => enc.result()).toThrow(/not finished/);
      }
      const r = enc.result();
      expect(Array.from(r.nodes)).toEqual(whole.nodes);
      expect(r.strings).toBe(whole.strings);
      expect(r.textNodes.map((t) => t.data)).toEqual(whole.text);
      expect(enc.read).toBe(whole.nodes.length / 10);
      // Each step reads at most `step` nodes (pops of finished levels count too).
      if (Number.isFinite(step)) expect(calls).toBeGreaterThanOrEqual(Math.floor(whole.nodes.length / 10 / step) - 1);
      expect(enc.step(step)).toBe(true); // done stays done
      close();
    });
  }
});

test('a node removed between two steps before the walk reached it is not read; the result is still a tree in order', () => {
  const { document, close } = makeDocument('<body><div id="a"><p>one</p><p id="two">two</p></div><div id="b"><p>three</p></div></body>');
  const enc = createDomEncoder(document);
  enc.step(4); // html, head, body, div#a
  document.getElementById('two').remove();
  while (!enc.step(1));
  const r = enc.result();
  expect(r.textNodes.map((t) => t.data)).toEqual(['one', 'three']);
  const nodes = r.nodes;
  for (let k = 1; k < nodes.length / 10; k++) expect(nodes[k * 10 + 1]).toBeLessThan(k); // parent before child
  close();
});
