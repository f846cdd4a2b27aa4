/*
 * platform.js: every difference between Chrome and Firefox lives in this one
 * file (in the spirit of uBlock Origin's platform/ layer). Nothing else in the
 * extension tests which browser it runs in.
 *
 * It is used twice:
 *   - at build time, by scripts/build_extension.mjs (through require), to turn
 *     extension/manifest.template.json into one manifest.json per browser;
 *   - at run time, as a classic script in the background context (service
 *     worker in Chrome, background.scripts event page in Firefox) and in the
 *     tab's isolated world next to content.js, where it defines
 *     `self.wcePlatform` = { name, api, workerScripts, contentSources, contentScripts, ... }.
 */
(function (root) {
  'use strict';

  // Scripts the background context needs before background.js runs. Chrome
  // loads them with importScripts() from background.js (a service worker has a
  // single entry script); Firefox lists them in manifest background.scripts.
  const workerScripts = ['platform.js', 'settings.js', 'page_message.js', 'warm_up.js', 'wce_core.js', 'wce_api.js'];

  // What the tab gets on the first use: these sources, in this order, joined
  // by scripts/build_extension.mjs into one file (contentScripts), so that
  // the first click is one injection of one script.
  const contentSources = ['platform.js', 'dom_encoder.js', 'page_message.js', 'reader_cleanup.js', 'reader_model.js', 'slices.js', 'viewport_window.js', 'overlay_painter.js', 'content.js'];
  const contentScripts = ['content_bundle.js'];

  // "Ready before you click" (opt-in: settings.instant, off by default):
  // with the user's permission to read every http(s) page, the same bundle
  // is registered as a content script (scripting.registerContentScripts), so
  // that it is already in each page when the user clicks; it encodes the
  // page and has it labelled once the page is idle (content.js
  // labelAtInjection, background.js idle labelling). Chrome and Firefox
  // (MV3, 128+) both have optional_host_permissions, permissions.request
  // and registerContentScripts, so the code is the same for both; Firefox
  // asks for the permission from the options page's click too.
  const instantOrigins = ['http://*/*', 'https://*/*'];
  const INSTANT_SCRIPT_ID = 'wce-instant';
  // on: register the bundle for every page the permission covers, or take
  // it away. Idempotent (called at every background start and on every
  // settings change). False where the API is missing.
  async function syncInstantScript(on) {
    const s = api && api.scripting;
    if (!s || typeof s.registerContentScripts !== 'function') return false;
    const have = await s.getRegisteredContentScripts({ ids: [INSTANT_SCRIPT_ID] });
    if (on && !have.length) {
      await s.registerContentScripts([{
        id: INSTANT_SCRIPT_ID, matches: instantOrigins, js: contentScripts, runAt: 'document_idle', allFrames: false,
      }]);
    } else if (!on && have.length) {
      await s.unregisterContentScripts({ ids: [INSTANT_SCRIPT_ID] });
    }
    return on;
  }

  // Scripts of the extension pages (popup, options, reader), loaded with
  // <script> tags in this order (shared by all three).
  const pageScripts = ['platform.js', 'settings.js', 'extractor_menu.js'];

  // ---------------------------------------------------------------- build time
  // Each function receives a deep copy of the template and returns the
  // browser's manifest.
  const manifests = {
    chrome(m) {
      // MV3 Chrome: a service worker; 'scripts' is an error/warning there.
      m.background = { service_worker: 'background.js' };
      return m;
    },
    firefox(m) {
      // Firefox MV3 runs background scripts in an event page, not a service
      // worker: every script is listed, no importScripts.
      m.background = { scripts: workerScripts.concat(['background.js']) };
      m.browser_specific_settings = {
        gecko: {
          // Placeholder add-on id: change it before submitting to AMO.
          id: 'wce-highlighter@wce.invalid',
          // 140: first Firefox with data_collection_permissions (and with the
          // CSS Custom Highlight API; older ones would use the <mark> fallback).
          strict_min_version: '140.0',
          // The extension sends nothing anywhere: all work happens locally.
          data_collection_permissions: { required: ['none'] },
        },
        gecko_android: {
          // data_collection_permissions is understood from Firefox 142 on Android.
          strict_min_version: '142.0',
        },
      };
      return m;
    },
  };

  function manifestFor(browserName, template) {
    const make = manifests[browserName];
    if (!make) throw new Error('unknown platform: ' + browserName);
    const m = JSON.parse(JSON.stringify(template));
    // Asked for only when the user turns on "ready before you click".
    m.optional_host_permissions = instantOrigins.slice();
    return make(m);
  }

  // ------------------------------------------------------------------ run time
  // The extension API, from the bare `browser` / `chrome` globals, never
  // through `self` or `window`: in a Firefox content script those are the
  // page's window, which has no `browser` (the API is a global of the content
  // script's own sandbox). Firefox has the promise-based `browser` everywhere
  // (and a `chrome` alias); Chrome MV3's `chrome` returns promises too.
  function findApi() {
    /* global browser, chrome */
    if (typeof browser === 'object' && browser !== null && browser.runtime) return browser;
    if (typeof chrome === 'object' && chrome !== null && chrome.runtime) return chrome;
    return null; // Node (the build script), or a page that is not the extension's
  }
  const api = findApi();
  // Which browser, from the extension's own address (works in every context:
  // background, extension pages and content scripts alike).
  const isFirefox = api !== null && typeof api.runtime.getURL === 'function' &&
    /^moz-extension:/.test(api.runtime.getURL(''));

  // The CSS Custom Highlight API: Chrome 105+, Firefox 140+. Without it the
  // content script falls back to <mark> elements. Checked in the calling
  // world (the content script's isolated world has its own CSS object).
  function hasHighlightApi() {
    return typeof CSS !== 'undefined' && CSS !== null && typeof CSS.highlights === 'object' &&
      CSS.highlights !== null && typeof Highlight === 'function';
  }

  // Messages between the page and the background. Chrome's runtime messaging
  // is JSON, where a Uint32Array becomes an object of numbered keys (slow
  // both ways) and a number array costs ~8 bytes of JSON per entry; one
  // base64 string of the raw bytes is 5.3 bytes per uint32 and is copied as
  // one string. Firefox clones structures, but the same format keeps one path.
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const CHUNK = 0x8000; // bytes per String.fromCharCode call (argument limits)
  function bytesToBase64(bytes) {
    if (typeof btoa === 'function') {
      let bin = '';
      for (let i = 0; i < bytes.length; i += CHUNK) {
        bin += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK));
      }
      return btoa(bin);
    }
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'); // Node
  }
  function base64ToBytes(s) {
    if (typeof s !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(s) || s.length % 4 !== 0) {
      throw new TypeError('expected a base64 string');
    }
    if (typeof atob !== 'function') return new Uint8Array(Buffer.from(s, 'base64')); // Node
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  // Uint32Array <-> string (little-endian, as typed arrays are on every
  // platform the browsers run on).
  const packUint32 = (u32) => bytesToBase64(new Uint8Array(u32.buffer, u32.byteOffset, u32.byteLength));
  function unpackUint32(s) {
    const bytes = base64ToBytes(s);
    if (bytes.length % 4 !== 0) throw new TypeError('packed uint32 data has ' + bytes.length + ' bytes');
    return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  }
  // Labels in [0, 1] <-> string, one byte each (label * 255, rounded: the
  // 0.5 threshold stays on the same side, 0 and 1 are exact).
  const LABEL_SCALE = 255;
  function packLabels(labels) {
    const bytes = new Uint8Array(labels.length);
    for (let i = 0; i < labels.length; i++) {
      const v = labels[i];
      bytes[i] = v >= 1 ? LABEL_SCALE : (v > 0 ? Math.round(v * LABEL_SCALE) : 0);
    }
    return bytesToBase64(bytes);
  }
  function unpackLabels(s) {
    const bytes = base64ToBytes(s);
    const out = new Float32Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] / LABEL_SCALE;
    return out;
  }

  // The highlight style's rules on :root only where the engine inherits
  // highlight styles from the parent element (Chromium; settings.js
  // highlightCss says why); Firefox gets them on every element.
  const highlightSubject = isFirefox ? '' : ':root';

  const platform = {
    name: isFirefox ? 'firefox' : 'chrome',
    highlightSubject,
    packUint32,
    unpackUint32,
    bytesToBase64,
    packLabels,
    unpackLabels,
    api,
    workerScripts,
    contentSources,
    contentScripts,
    instantOrigins,
    syncInstantScript,
    pageScripts,
    hasHighlightApi,
    manifestFor,
    platforms: Object.keys(manifests),
  };

  if (typeof module === 'object' && module !== null && module.exports) {
    module.exports = platform;           // Node (build script)
  } else {
    root.wcePlatform = platform;         // extension contexts
  }
})(typeof globalThis !== 'undefined' ? globalThis : self);
