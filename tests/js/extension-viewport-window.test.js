// The viewport window of the extension's big-page highlight
// (extension/viewport_window.js): the first node on screen by binary search
// over boxes in document order, with unrendered nodes among them.
const { firstVisible, windowAround, needsMove } = require('../../extension/viewport_window.js');

// Node i is 20 px high at y = 20 i - scroll; every node listed in `hidden` is not rendered.
function boxes(n, scroll, hidden = new Set()) {
  const looked = [];
  const boxOf = (i) => {
    looked.push(i);
    if (hidden.has(i)) return null;
    return { top: 20 * i - scroll, bottom: 20 * i + 20 - scroll };
  };
  return { boxOf, looked };
}

describe('firstVisible', () => {
  const cases = [
    { name: 'top of the page', n: 1000, scroll: 0, want: 0 },
    { name: 'middle', n: 1000, scroll: 5000, want: 250 },
    { name: 'inside a node', n: 1000, scroll: 5010, want: 250 },
    { name: 'past the end', n: 1000, scroll: 30000, want: 1000 },
    { name: 'empty', n: 0, scroll: 0, want: 0 },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const b = boxes(c.n, c.scroll);
      expect(firstVisible(c.n, b.boxOf)).toBe(c.want);
    });
  }

  test('unrendered nodes around the answer are skipped', () => {
    const hidden = new Set();
    for (let i = 240; i < 250; i++) hidden.add(i);
    for (let i = 0; i < 1000; i += 7) hidden.add(i);
    const b = boxes(1000, 5000, hidden);
    const got = firstVisible(1000, b.boxOf);
    // 240..249 are not rendered: the answer is the first of them or 250.
    expect(got).toBeGreaterThanOrEqual(240);
    expect(got).toBeLessThanOrEqual(250);
  });

  test('looks at O(log n) boxes, not all of them', () => {
    const n = 1_000_000;
    const b = boxes(n, 20 * 654321);
    expect(firstVisible(n, b.boxOf)).toBe(654321);
    expect(b.looked.length).toBeLessThan(30);
  });
});

describe('windowAround and needsMove', () => {
  test('a small page is one window', () => {
    expect(windowAround(5, 100, 3000)).toEqual({ lo: 0, hi: 100 });
  });
  test('a quarter above, the rest below, inside the page', () => {
    expect(windowAround(10000, 50000, 4000)).toEqual({ lo: 9000, hi: 13000 });
    expect(windowAround(100, 50000, 4000)).toEqual({ lo: 0, hi: 4000 });
    expect(windowAround(49990, 50000, 4000)).toEqual({ lo: 46000, hi: 50000 });
  });
  test('moves when the viewport nears either end of the window', () => {
    const win = { lo: 9000, hi: 13000 };
    expect(needsMove(10000, win, 50000, 4000)).toBe(false);
    expect(needsMove(9200, win, 50000, 4000)).toBe(true);
    expect(needsMove(12500, win, 50000, 4000)).toBe(true);
    // At the page's ends there is nothing more to paint.
    expect(needsMove(10, { lo: 0, hi: 4000 }, 50000, 4000)).toBe(false);
    expect(needsMove(49999, { lo: 46000, hi: 50000 }, 50000, 4000)).toBe(false);
  });
});
