// The background's warm-up (extension/warm_up.js): a deterministic page,
// WARM_RUNS runs of the chosen extractor, none while a page is labelled,
// and a failed run ends it quietly.
const { WARM_RUNS, warmPage, start } = require('../../extension/warm_up.js');
const { createExtractor } = require('../../wasm/wce_api.js');

test('the warm page is the same every time, a real page of 20 to 80 kB', async () => {
  const page = warmPage();
  expect(warmPage()).toBe(page);
  expect(page.length).toBeGreaterThan(20000);
  expect(page.length).toBeLessThan(80000);
  const wce = await createExtractor();
  const out = wce.extract(page, { extractor: 'ensemble' });
  expect(out.text.split(/\s+/).length).toBeGreaterThan(500); // the stories are found
  expect(out.text).not.toContain('Section 3'); // the menu is not
});

function fakeWce() {
  const calls = [];
  return { calls, extract: (html, o) => { calls.push(o.extractor); return { text: '' }; } };
}

test('runs the chosen extractor WARM_RUNS times', async () => {
  const wce = fakeWce();
  const runs = await start(async () => wce, async () => 'readability', () => false);
  expect(runs).toBe(WARM_RUNS);
  expect(wce.calls).toEqual(Array(WARM_RUNS).fill('readability'));
});

test('waits while a page is labelled', async () => {
  const wce = fakeWce();
  let busy = true;
  const done = start(async () => wce, async () => 'bte', () => busy);
  await new Promise((r) => setTimeout(r, 300));
  expect(wce.calls.length).toBe(0);
  busy = false;
  expect(await done).toBe(WARM_RUNS);
});

test('a failing run ends the warm-up without throwing', async () => {
  let n = 0;
  const wce = { extract: () => { if (++n === 3) throw new Error('no such extractor'); } };
  expect(await start(async () => wce, async () => 'nope', () => false)).toBe(2);
  expect(await start(async () => { throw new Error('no module'); }, async () => 'bte', () => false)).toBe(0);
});
