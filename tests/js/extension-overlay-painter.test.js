// The big-page overlay's box layout (extension/overlay_painter.js
// layoutBoxes): line rectangles in viewport coordinates -> boxes relative to
// the overlay's origin, empty rectangles dropped, at most MAX_BOXES.
const { layoutBoxes, bandAround, bandLeft, MAX_BOXES, OVERLAY_ELEMENTS, isBigPage } = require('../../extension/overlay_painter.js');

const rect = (left, top, width, height) => ({ left, top, width, height });

describe('layoutBoxes', () => {
  const cases = [
    {
      name: 'relative to the origin (the overlay sits at the document\'s top left, the page scrolled by 500)',
      items: [{ cls: 'wce-main', rects: [rect(10, 20, 100, 18), rect(10, 38, 60, 18)] }],
      origin: { left: 0, top: -500 },
      want: [{ cls: 'wce-main', x: 10, y: 520, w: 100, h: 18 }, { cls: 'wce-main', x: 10, y: 538, w: 60, h: 18 }],
    },
    {
      name: 'empty and collapsed rectangles dropped',
      items: [{ cls: 'wce-c1', rects: [rect(0, 0, 0, 18), rect(5, 5, 10, 0), rect(1, 2, 3, 4)] }],
      origin: { left: 0, top: 0 },
      want: [{ cls: 'wce-c1', x: 1, y: 2, w: 3, h: 4 }],
    },
    {
      name: 'each item keeps its class, in order',
      items: [{ cls: 'wce-c0', rects: [rect(0, 0, 1, 1)] }, { cls: 'wce-c4', rects: [rect(2, 2, 1, 1)] }],
      origin: { left: -8, top: 0 },
      want: [{ cls: 'wce-c0', x: 8, y: 0, w: 1, h: 1 }, { cls: 'wce-c4', x: 10, y: 2, w: 1, h: 1 }],
    },
    { name: 'nothing', items: [], origin: { left: 0, top: 0 }, want: [] },
    {
      name: 'NaN sizes (a detached range) give no box',
      items: [{ cls: 'wce-main', rects: [rect(0, 0, NaN, 10)] }],
      origin: { left: 0, top: 0 },
      want: [],
    },
  ];
  for (const c of cases) test(c.name, () => expect(layoutBoxes(c.items, c.origin)).toEqual(c.want));

  test('only the band around the screen (one screen above, two below)', () => {
    const band = bandAround(900);
    expect(band).toEqual({ top: -900, bottom: 2700 });
    const rects = [rect(0, -2000, 5, 20), rect(0, -910, 5, 20), rect(0, 400, 5, 20), rect(0, 2690, 5, 20), rect(0, 2701, 5, 20)];
    const out = layoutBoxes([{ cls: 'wce-main', rects }], { left: 0, top: -3000 }, band);
    expect(out.map((b) => b.y)).toEqual([2090, 3400, 5690]);
  });

  test('at most MAX_BOXES boxes, however many rectangles', () => {
    const rects = Array.from({ length: MAX_BOXES + 10 }, (_, i) => rect(0, i, 5, 1));
    const out = layoutBoxes([{ cls: 'wce-main', rects }], { left: 0, top: 0 });
    expect(out.length).toBe(MAX_BOXES);
    expect(out[MAX_BOXES - 1].y).toBe(MAX_BOXES - 1);
  });
});

describe('bandLeft', () => {
  test.each([[0, false], [400, false], [1349, false], [1351, true], [-449, false], [-451, true]])(
    'scrolled %i px on a 900 px screen -> %s', (scrolled, want) => expect(bandLeft(scrolled, 900)).toBe(want));
});

describe('isBigPage', () => {
  const doc = (n) => ({ getElementsByTagName: (t) => (t === '*' ? { length: n } : { length: 0 }) });
  test.each([[0, false], [OVERLAY_ELEMENTS, false], [OVERLAY_ELEMENTS + 1, true]])('%i elements -> %s', (n, want) => {
    expect(isBigPage(doc(n))).toBe(want);
  });
});
