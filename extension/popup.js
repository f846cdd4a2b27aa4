/*
 * popup.js: the toolbar popup. Lists every extractor of the WebAssembly module
 * (grouped by family), remembers the choice (settings.js, storage.local), and
 * drives the current tab through the background: highlight on/off, confidence
 * view, reader view. Opening the popup highlights the page with the chosen
 * extractor unless the option "highlight when the popup opens" is off, so one
 * click on the toolbar button is enough.
 *
 * The tab it acts on: the active tab of the window, or the `?tab=<id>` given
 * in its address (the popup opened as a page, as the tests do).
 */
(function () {
  'use strict';
  const platform = self.wcePlatform;
  const api = platform.api;
  const $ = (id) => document.getElementById(id);

  const ui = {
    error: $('error'), extractor: $('extractor'), description: $('description'),
    confidence: $('confidence'), highlight: $('highlight'), reader: $('reader'),
    status: $('status'), version: $('version'),
  };
  let tabId = null;
  let extractors = [];
  let highlighted = false;
  let busy = false;

  const send = (msg) => api.runtime.sendMessage(msg).then(
    (r) => r || { ok: false, error: 'no answer from the extension' },
    (e) => ({ ok: false, error: e && e.message ? e.message : String(e) }));

  function showError(text) {
    ui.error.textContent = text;
    ui.error.hidden = !text;
  }

  function setStatus(text) { ui.status.textContent = text; }

  function render() {
    ui.highlight.textContent = highlighted ? 'Remove highlight' : 'Highlight';
    ui.highlight.classList.toggle('on', highlighted);
    ui.highlight.setAttribute('aria-pressed', String(highlighted));
    const usable = tabId !== null && extractors.length > 0;
    ui.highlight.disabled = !usable || busy;
    ui.reader.disabled = !usable || busy;
    ui.extractor.disabled = extractors.length === 0 || busy;
    const e = extractors.find((x) => x.name === ui.extractor.value);
    ui.description.textContent = self.wceExtractorMenu.describe(e);
    document.body.dataset.state = busy ? 'busy' : (highlighted ? 'on' : 'off');
  }

  function describeResult(res) {
    if (res.unchanged) return 'Highlighted with ' + res.extractor + '.';
    const ms = res.timing && res.timing.worker && typeof res.timing.worker.totalMs === 'number'
      ? ', ' + Math.round(res.timing.worker.totalMs) + ' ms' : '';
    return res.highlighted + ' of ' + res.textNodes + ' text nodes highlighted with ' +
      res.extractor + (res.mode === 'mark' ? ' (<mark> fallback)' : '') + ms + '.';
  }

  async function highlight(on, repaint) {
    busy = true;
    render();
    setStatus(on ? 'Reading the page…' : '');
    const res = await send({
      type: 'wce:highlight', tabId, on, repaint: repaint === true,
      extractor: ui.extractor.value, confidence: ui.confidence.checked,
    });
    busy = false;
    if (res.state === 'on') {
      highlighted = true;
      showError('');
      setStatus(describeResult(res));
    } else if (res.state === 'busy') {
      setStatus('The page is still being read; try again in a moment.');
    } else {
      highlighted = false;
      setStatus('');
      showError(res.error ? (on ? 'Highlighting failed: ' : 'Failed: ') + res.error : '');
    }
    render();
    return res;
  }

  async function openReader() {
    busy = true;
    render();
    setStatus('Building the reader view…');
    const res = await send({ type: 'wce:reader', tabId, extractor: ui.extractor.value });
    busy = false;
    render();
    if (!res.ok) {
      setStatus('');
      showError(res.error || 'reader view failed');
      return;
    }
    setStatus('Reader view opened (' + res.words + ' words).');
    if (!new URLSearchParams(location.search).has('tab')) window.close();
  }

  async function targetTab() {
    const p = new URLSearchParams(location.search).get('tab');
    if (p !== null && /^\d+$/.test(p)) return Number(p);
    const [tab] = await api.tabs.query({ active: true, currentWindow: true });
    return tab && typeof tab.id === 'number' ? tab.id : null;
  }

  async function init() {
    const settings = await self.wceSettings.load();
    ui.confidence.checked = settings.confidence;
    const list = await send({ type: 'wce:extractors' });
    if (!list.ok) {
      showError('The extractor could not start, so nothing can be highlighted: ' + list.error);
      render();
      return;
    }
    extractors = list.extractors;
    ui.version.textContent = 'wce ' + list.version;
    const chosen = self.wceExtractorMenu.fill(ui.extractor, extractors, settings.extractor);
    if (chosen !== settings.extractor) await self.wceSettings.save({ extractor: chosen });

    tabId = await targetTab();
    if (tabId === null) {
      showError('No tab to work on.');
      render();
      return;
    }
    const status = await send({ type: 'wce:status', tabId });
    if (!status.ok) {
      tabId = null;
      showError('This page cannot be highlighted: ' + status.error);
      render();
      return;
    }
    highlighted = status.state === 'on';
    if (highlighted && status.extractor) {
      ui.extractor.value = status.extractor;
      ui.confidence.checked = status.confidence === true;
      setStatus('Highlighted with ' + status.extractor + '.');
    }
    render();
    if (!highlighted && status.state !== 'busy' && settings.autoHighlight) await highlight(true);
  }

  ui.extractor.addEventListener('change', async () => {
    await self.wceSettings.save({ extractor: ui.extractor.value });
    render();
    if (highlighted) await highlight(true);
  });
  ui.confidence.addEventListener('change', async () => {
    await self.wceSettings.save({ confidence: ui.confidence.checked });
    if (highlighted) await highlight(true);
  });
  ui.highlight.addEventListener('click', () => highlight(!highlighted));
  ui.reader.addEventListener('click', openReader);

  init().catch((e) => {
    showError('The popup failed: ' + (e && e.message ? e.message : String(e)));
    render();
  }).finally(() => { document.body.dataset.ready = 'true'; });
})();
