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
    status: $('status'), pageType: $('pageType'), version: $('version'), technical: $('technical'),
    reference: $('reference'), name: $('name'), errorDetails: $('errorDetails'), errorRaw: $('errorRaw'),
  };
  const menu = self.wceExtractorMenu;
  let tabId = null;
  let extractors = [];
  let highlighted = false;
  let busy = false;
  let busyWith = null; // 'highlight' while a highlight is being made: the button stops it

  const send = (msg) => api.runtime.sendMessage(msg).then(
    (r) => r || { ok: false, error: 'no answer from the extension' },
    (e) => ({ ok: false, error: e && e.message ? e.message : String(e) }));

  // Errors in words for people; the browser's own message goes under "Details".
  const RESTRICTED = /cannot access|cannot be scripted|missing host permission|extensions gallery|chrome:\/\/|about:|moz-extension|chrome-extension|webstore|addons\.mozilla|no permission|not allowed|pdf/i;
  function humanError(raw, action) {
    const r = String(raw || '');
    if (RESTRICTED.test(r)) {
      return 'Your browser does not let extensions read this page (its own pages, the add-on store, ' +
        'the PDF viewer and a few others). Open an ordinary web page and try again.';
    }
    // Before the WebAssembly rule: the out-of-memory message names WebAssembly
    // too, but the extractor is still usable (wasm/bindings.cpp) and another
    // page will work; limits (wce/limits.hpp) read the same way.
    if (/out of memory|page over the \w+ limit|over the time budget/i.test(r)) {
      return 'This page is too large for the text finder, so it could not be ' + action +
        '. Other pages still work.';
    }
    if (/WebAssembly|could not be loaded|did not start/i.test(r)) {
      return 'The extension\'s text finder could not start, so nothing can be ' + action +
        '. Restarting the browser usually helps.';
    }
    if (/expired/i.test(r)) return 'This reader view has expired: open it again from the page.';
    return 'Sorry, this page could not be ' + action + ' (the method failed on it). Another method may work.';
  }

  function showError(text, raw) {
    ui.error.textContent = text;
    ui.error.hidden = !text;
    ui.errorRaw.textContent = raw || '';
    ui.errorDetails.hidden = !text || !raw;
  }

  function setStatus(text) { ui.status.textContent = text; }

  // The page's type under the status line, only while the page is
  // highlighted and was classified ({name, label, probability} from the
  // page's answer or status); hidden otherwise.
  function showPageType(t) {
    const shown = Boolean(t && typeof t.label === 'string' && typeof t.probability === 'number');
    // At most 99%: a rounded 100% would claim a certainty the classifier has not.
    const pct = shown ? Math.min(99, Math.round(100 * t.probability)) : 0;
    ui.pageType.textContent = shown ? 'Page type: ' + t.label + ' (' + pct + '%)' : '';
    ui.pageType.dataset.name = shown && typeof t.name === 'string' ? t.name : '';
    ui.pageType.dataset.probability = shown ? String(t.probability) : '';
    ui.pageType.hidden = !shown;
  }

  function render() {
    const stoppable = busy && busyWith === 'highlight';
    ui.highlight.textContent = stoppable ? 'Stop' : (highlighted ? 'Remove highlight' : 'Highlight');
    ui.highlight.classList.toggle('on', highlighted && !busy);
    ui.highlight.setAttribute('aria-pressed', String(highlighted && !busy));
    const usable = tabId !== null && extractors.length > 0;
    ui.highlight.disabled = !usable || (busy && !stoppable);
    ui.reader.disabled = !usable || busy;
    ui.extractor.disabled = extractors.length === 0 || busy;
    const e = extractors.find((x) => x.name === ui.extractor.value);
    ui.description.textContent = menu.describe(e);
    const d = menu.details(e);
    ui.technical.textContent = d.description;
    ui.reference.textContent = d.reference ? 'Source: ' + d.reference : '';
    ui.name.textContent = d.name;
    document.body.dataset.state = busy ? 'busy' : (highlighted ? 'on' : 'off');
  }

  const plural = (n, one, many) => n + ' ' + (n === 1 ? one : many);
  const labelOf = (name) => menu.label(extractors.find((x) => x.name === name) || { name });

  // The agreement view's methods by their plain names: "A, B, C, D and E".
  function listOf(names) {
    const l = names.map((n) => '“' + labelOf(n) + '”');
    return l.length > 1 ? l.slice(0, -1).join(', ') + ' and ' + l[l.length - 1] : l.join('');
  }
  function agreementLine(members) {
    return ' Shaded by how many of ' + members.length + ' methods chose the text (darker: more; key in the page\'s corner): ' +
      listOf(members) + '.';
  }

  // waitedMs: from the click to the answer, what the user waited.
  function describeResult(res, waitedMs) {
    ui.status.dataset.extractor = res.extractor || '';
    const how = res.agreement ? agreementLine(res.agreement.members) : '';
    if (res.unchanged) return 'Highlighted with “' + labelOf(res.extractor) + '”.' + how;
    if (res.empty || res.highlighted === 0) {
      return 'No main content found with “' + labelOf(res.extractor) + '”, so nothing is highlighted. Another method may find some.';
    }
    const where = res.painted === 'near-viewport' ? ' (a big page: the highlight follows as you scroll)' : '';
    return 'Highlighted ' + plural(res.highlighted, 'passage', 'passages') + ' with “' + labelOf(res.extractor) +
      '” in ' + Math.max(1, Math.round(waitedMs)) + ' ms' + where + '.' + how;
  }

  // While the page is being read: what it is doing, after SLOW_MS.
  const SLOW_MS = 300;
  const POLL_MS = 250;
  const PHASES = {
    read: 'Reading the page', pack: 'Reading the page', send: 'Handing the page to the text finder',
    label: 'Finding the main content', paint: 'Highlighting',
  };
  function progressLine(p) {
    const what = p && PHASES[p.phase] ? PHASES[p.phase] : 'Reading the page';
    const pct = p && p.total > 0 ? ' ' + Math.min(99, Math.round(100 * p.done / p.total)) + '%' : '';
    return what + '…' + pct + ' (press Highlight again or the shortcut to stop)';
  }
  // Polls the page's status while `until` is pending and shows its progress.
  function showProgress(until) {
    let done = false;
    until.then(() => { done = true; }, () => { done = true; });
    const tick = async () => {
      if (done) return;
      const st = await send({ type: 'wce:status', tabId });
      if (done) return;
      if (st.ok && st.state === 'busy') setStatus(progressLine(st.progress));
      setTimeout(tick, POLL_MS);
    };
    setTimeout(tick, SLOW_MS);
  }

  async function highlight(on, repaint) {
    busy = true;
    busyWith = on ? 'highlight' : 'off';
    render();
    showPageType(null);
    setStatus(on ? 'Reading the page…' : 'Removing the highlight…');
    const t0 = performance.now();
    const asked = send({
      type: 'wce:highlight', tabId, on, repaint: repaint === true,
      extractor: ui.extractor.value, confidence: ui.confidence.checked, pageType: true,
    });
    if (on) showProgress(asked);
    const res = await asked;
    const waited = performance.now() - t0;
    busy = false;
    busyWith = null;
    showResult(res, on, waited);
    render();
    return res;
  }

  // Every answer ends with the button and the status line saying what the
  // page shows.
  function showResult(res, on, waited) {
    showPageType(res.state === 'on' ? res.pageType : null);
    if (res.state === 'on') {
      highlighted = true;
      showError('');
      setStatus(describeResult(res, waited));
    } else if (res.state === 'busy') {
      setStatus('The page is still being read; try again in a moment.');
    } else if (res.cancelled) {
      highlighted = false;
      showError('');
      setStatus(STOPPED);
    } else if (res.empty) {
      highlighted = false;
      showError('');
      setStatus(describeResult(res, waited));
    } else if (res.error) {
      highlighted = false;
      setStatus('Nothing is highlighted.');
      showError(humanError(res.error, on ? 'highlighted' : 'changed'), res.error);
    } else {
      highlighted = false;
      showError('');
      setStatus(on ? 'Nothing is highlighted.' : 'Highlight removed: the page is as it was.');
    }
  }

  // Stop: the button while the page is being read.
  // Its answer comes after the run's own (the background waits for the run
  // to end), so it has the last word: a run that finished just before the
  // Stop reached it has been turned off too.
  const STOPPED = 'Stopped: nothing is highlighted, the page is as it was.';
  let stopped = false;
  let stopping = null;
  function stop() {
    stopped = true;
    setStatus('Stopping…');
    stopping = send({ type: 'wce:highlight', tabId, on: false }).then((res) => {
      if (res.state === 'off') {
        highlighted = false;
        showPageType(null);
        setStatus(STOPPED);
        render();
      }
      return res;
    });
    return stopping;
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
      showError(humanError(res.error, 'shown in the reader view'), res.error || 'reader view failed');
      return;
    }
    setStatus('Reader view opened (' + plural(res.words, 'word', 'words') + ').');
    if (!new URLSearchParams(location.search).has('tab')) window.close();
  }

  // Opened while the page is being read (the shortcut started it): shows the
  // progress until the run ends, then its state.
  async function followRun(first) {
    busy = true;
    busyWith = 'highlight';
    render();
    let st = first;
    while (st.ok && st.state === 'busy') {
      setStatus(progressLine(st.progress));
      await new Promise((r) => setTimeout(r, POLL_MS));
      st = await send({ type: 'wce:status', tabId });
    }
    busy = false;
    busyWith = null;
    if (!st.ok) return { ok: true, state: 'off' };
    if (st.state !== 'on' && !stopped) setStatus('Nothing is highlighted.');
    return st;
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
      showError(humanError(list.error, 'highlighted'), list.error);
      render();
      return;
    }
    extractors = list.extractors;
    ui.version.textContent = 'version ' + list.version;
    const chosen = menu.fill(ui.extractor, extractors, settings.extractor);
    if (chosen !== settings.extractor) await self.wceSettings.save({ extractor: chosen });

    tabId = await targetTab();
    if (tabId === null) {
      showError('No tab to work on.');
      render();
      return;
    }
    let status = await send({ type: 'wce:status', tabId });
    if (!status.ok) {
      tabId = null;
      showError(humanError(status.error, 'highlighted'), status.error);
      render();
      return;
    }
    if (status.state === 'busy') status = await followRun(status);
    if (stopping) {
      await stopping;
      status = await send({ type: 'wce:status', tabId });
      if (!status.ok) status = { ok: true, state: 'off' };
    }
    highlighted = status.state === 'on';
    if (highlighted && status.extractor) {
      ui.extractor.value = status.extractor;
      ui.confidence.checked = status.confidence === true;
      ui.status.dataset.extractor = status.extractor;
      setStatus('Highlighted with “' + labelOf(status.extractor) + '”.' +
        (status.confidence ? agreementLine(self.wceSettings.AGREEMENT_EXTRACTORS) : ''));
      showPageType(status.pageType);
    } else if (stopped) {
      setStatus(STOPPED);
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
  ui.highlight.addEventListener('click', () => (busy && busyWith === 'highlight' ? stop() : highlight(!highlighted)));
  ui.reader.addEventListener('click', openReader);

  init().catch((e) => {
    showError('The popup failed: ' + (e && e.message ? e.message : String(e)));
    render();
  }).finally(() => { document.body.dataset.ready = 'true'; });
})();
