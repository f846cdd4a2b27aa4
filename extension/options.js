/*
 * options.js: the options page. Every control is saved on change to the same
 * settings the popup uses (settings.js); open pages pick them up on the next
 * highlight.
 */
(function () {
  'use strict';
  const api = self.wcePlatform.api;
  const $ = (id) => document.getElementById(id);
  const CHECKS = ['confidence', 'autoHighlight', 'readerImages'];

  async function save(patch) {
    try {
      await self.wceSettings.save(patch);
      $('status').textContent = 'Saved.';
    } catch (e) {
      $('status').textContent = 'Could not save: ' + (e && e.message ? e.message : String(e));
    }
  }

  // "Be ready before I click": on only with the permission to read every
  // http(s) page, which the browser asks for in this click (the request must
  // come straight from the user's action, before any other await); off gives
  // it back. The background (re)registers the page script on the change.
  function instantControl(on) {
    const box = $('instant');
    const origins = { origins: self.wcePlatform.instantOrigins };
    box.checked = on;
    if (!api.permissions || typeof api.permissions.request !== 'function') {
      box.disabled = true;
      return;
    }
    box.addEventListener('change', () => {
      if (!box.checked) {
        save({ instant: false });
        api.permissions.remove(origins).catch(() => { /* not granted: nothing to give back */ });
        return;
      }
      api.permissions.request(origins).then((granted) => {
        if (granted) return save({ instant: true });
        box.checked = false;
        $('status').textContent = 'Not turned on: the permission to read websites was not given.';
        return null;
      }, (e) => {
        box.checked = false;
        $('status').textContent = 'Not turned on: ' + (e && e.message ? e.message : String(e));
      });
    });
  }

  async function init() {
    const s = await self.wceSettings.load();
    $('color').value = s.color;
    for (const k of CHECKS) $(k).checked = s[k];
    $('color').addEventListener('change', () => save({ color: $('color').value }));
    for (const k of CHECKS) $(k).addEventListener('change', () => save({ [k]: $(k).checked }));
    instantControl(s.instant);

    let list;
    try {
      list = await api.runtime.sendMessage({ type: 'wce:extractors' });
    } catch (e) {
      list = { ok: false, error: e && e.message ? e.message : String(e) };
    }
    if (!list || !list.ok) {
      $('error').textContent = 'The extractor could not start: ' + (list && list.error ? list.error : 'no answer');
      $('error').hidden = false;
      return;
    }
    const select = $('extractor');
    const describe = () => {
      $('description').textContent =
        self.wceExtractorMenu.describe(list.extractors.find((e) => e.name === select.value));
    };
    self.wceExtractorMenu.fill(select, list.extractors, s.extractor);
    select.disabled = false;
    describe();
    select.addEventListener('change', () => { describe(); save({ extractor: select.value }); });
  }

  init();
})();
