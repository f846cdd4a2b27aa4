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

  async function init() {
    const s = await self.wceSettings.load();
    $('color').value = s.color;
    for (const k of CHECKS) $(k).checked = s[k];
    $('color').addEventListener('change', () => save({ color: $('color').value }));
    for (const k of CHECKS) $(k).addEventListener('change', () => save({ [k]: $(k).checked }));

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
