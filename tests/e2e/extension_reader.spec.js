// The reader view from a page it must not trust (issue 30, item 2): links,
// emphasis, images with captions (lazy data-src resolved, on by default) and
// clean-up, and nothing of the page's that could run at the extension's
// origin: only http(s): and mailto: links, only http(s): and data:image/
// pictures, no element the page wrote.
'use strict';
const { test, expect } = require('@playwright/test');
const { startExtensionBrowser } = require('./lib/extension_browser.js');

const PARA = 'The harbour council voted on Tuesday night to approve the long-debated plan for the old pier, ' +
  'after three hours of questions from residents who live near the lighthouse.';
const HOSTILE = `<!DOCTYPE html><html><head><title>Harbour plan approved | Coast News</title>
<meta name="author" content="Jane Doe"><meta property="article:published_time" content="2017-04-08T05:38-500">
<meta property="og:site_name" content="COASTNEWSDOTCOM"></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Harbour plan approved</h1>
<p>By Jane Doe</p>
<p>${PARA} Read the <a href="/report.pdf">full report</a>, <em>in italics</em> and <strong>in bold</strong>;
<a href="javascript:alert(1)">click me</a>, <a href="data:text/html,&lt;script&gt;alert(2)&lt;/script&gt;">or me</a>,
<a href="blob:http://127.0.0.1/1">or me too</a>, or <a href="mailto:desk@coast.example">write to us</a>.</p>
<p>Continue reading the main story</p>
<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/pier.jpg" alt="The pier" width="640" height="360"
 onerror="alert(3)"><figcaption>The old pier at <a href="https://coast.example/pier">low tide</a>.</figcaption></figure>
<p>${PARA}</p>
<figure><img src="data:text/html,&lt;script&gt;alert(4)&lt;/script&gt;" width="640" height="360"><figcaption>A hostile picture.</figcaption></figure>
<p><img src="javascript:alert(5)" width="300" height="300"> ${PARA}</p>
<p>Photo</p>
<p>${PARA}</p>
</article><footer>Copyright</footer></body></html>`;

let env;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  env = await startExtensionBrowser(new Map([['/hostile', HOSTILE]]));
});
test.afterAll(async () => { if (env) await env.close(); });

test('a hostile page in the reader view: links, emphasis, the lazy picture and its caption; no script, no unsafe address', async () => {
  await env.worker.evaluate(() => chrome.storage.local.clear()); // images on by default
  const page = await env.context.newPage();
  const dialogs = [];
  await page.goto(env.base + '/hostile');
  const tabId = await env.worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url === u).id, env.base + '/hostile');
  const [reader, opened] = await Promise.all([
    env.context.waitForEvent('page'),
    env.worker.evaluate((id) => self.wce.openReader(id, 'readability'), tabId),
  ]);
  expect(opened.ok, JSON.stringify(opened)).toBe(true);
  reader.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await reader.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  const got = await reader.evaluate(() => {
    const c = document.getElementById('content');
    return {
      links: [...c.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]),
      em: [...c.querySelectorAll('em')].map((e) => e.textContent),
      strong: [...c.querySelectorAll('strong')].map((e) => e.textContent),
      images: [...c.querySelectorAll('img')].map((i) => i.getAttribute('src')),
      figures: [...c.querySelectorAll('figure')].map((f) => [!!f.querySelector('img'), f.querySelector('figcaption') ? f.querySelector('figcaption').textContent : null]),
      handlers: [...c.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => /^on/i.test(a.name))).length,
      scripts: document.querySelectorAll('script:not([src])').length,
      text: c.innerText,
      site: document.getElementById('site').textContent,
      byline: [...document.querySelectorAll('#byline span')].map((s) => [s.className, s.textContent]),
    };
  });
  expect(got.links).toEqual([
    ['full report', env.base + '/report.pdf'],
    ['write to us', 'mailto:desk@coast.example'],
    ['low tide', 'https://coast.example/pier'],
  ]);
  for (const [, href] of got.links) expect(href).toMatch(/^(https?:|mailto:)/);
  expect(got.em).toContain('in italics');
  expect(got.strong).toContain('in bold');
  expect(got.images).toEqual([env.base + '/pier.jpg']);
  expect(got.figures[0]).toEqual([true, 'The old pier at low tide.']);
  expect(got.handlers).toBe(0);
  expect(got.text).toContain('click me'); // the words stay, as text
  expect(got.text).not.toContain('Continue reading');
  expect(got.text).not.toMatch(/^Photo$/m);
  expect(got.text).not.toContain('By Jane Doe');
  expect(got.site).toBe('Coast News');
  const byline = Object.fromEntries(got.byline);
  expect(byline.author).toBe('Jane Doe');
  expect(byline.date).toMatch(/2017/);
  expect(byline.date).not.toContain('05:38');
  expect(dialogs).toEqual([]);
  await reader.close();
  await page.close();
});
