// wasm/render_signals.js in Chromium: one row per text node of encodeDom,
// read after layout (visibility, font size and weight, box area, position).
const { test, expect } = require('@playwright/test');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCES = ['wasm/dom_encoder.js', 'wasm/render_signals.js']
  .map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n;\n');

const PAGE = `<!DOCTYPE html><html><head><style>
  body { margin: 0; font: 16px/20px sans-serif; }
  h1 { font-size: 32px; font-weight: 700; margin: 0; }
  #low { position: absolute; top: 2000px; left: 100px; margin: 0; }
</style></head><body>
<h1>Big bold title</h1>
<p>Plain paragraph text</p>
<p style="display:none">Not displayed</p>
<p style="visibility:hidden">Hidden but laid out</p>
<p style="opacity:0">Transparent</p>
<p id="low">Far below the fold</p>
</body></html>`;

test('render signals: visibility, font, area and page position per text node', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.setContent(PAGE);
  const rows = await page.evaluate((src) => {
    (0, eval)(src);
    const enc = self.WCEEncoder.encodeDom(document);
    const r = self.WCERender.renderSignals(enc.textNodes);
    const S = self.WCERender.STRIDE;
    const out = {};
    enc.textNodes.forEach((t, k) => {
      const key = t.data.trim();
      if (!key) return;
      const row = {};
      self.WCERender.COLUMNS.forEach((c, j) => { row[c] = r[k * S + j]; });
      out[key] = row;
    });
    return { out, n: r.length / S, texts: enc.textNodes.length };
  }, SOURCES);
  expect(rows.n).toBe(rows.texts);
  const r = rows.out;
  expect(r['Big bold title']).toMatchObject({ visible: 1, font_px: 32, font_weight: 700, x: 0 });
  // The glyph box of 32 px text on a 20 px line pokes out of the line a little.
  expect(Math.abs(r['Big bold title'].y)).toBeLessThan(12);
  expect(r['Big bold title'].area).toBeGreaterThan(0);
  expect(r['Plain paragraph text']).toMatchObject({ visible: 1, font_px: 16, font_weight: 400 });
  expect(r['Plain paragraph text'].y).toBeGreaterThan(30);
  expect(r['Not displayed']).toMatchObject({ visible: 0, area: 0 });
  expect(r['Hidden but laid out'].visible).toBe(0);
  expect(r['Hidden but laid out'].area).toBeGreaterThan(0);
  expect(r['Transparent'].visible).toBe(0);
  expect(r['Far below the fold']).toMatchObject({ visible: 1, x: 100, y: 2000 });
  // The page's size, the same on every row.
  expect(r['Far below the fold'].page_h).toBeGreaterThanOrEqual(2020);
  expect(r['Big bold title'].page_w).toBe(800);
  expect(r['Big bold title'].page_h).toBe(r['Far below the fold'].page_h);
});
