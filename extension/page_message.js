/*
 * page_message.js: a page's flat DOM as it travels from the tab (content.js)
 * to the background (background.js) in a 'classify' request, and back into
 * the argument of wce.classify.
 *
 * A request carries four fields, all strings (Chrome's messaging is JSON):
 *   nodes        the node table (Uint32Array, 10 words a node) as base64
 *   strings      the node strings, joined
 *   attrs        the attribute section (Uint32Array, 3 words a value:
 *                element, attribute, length; dom_encoder.js) as base64
 *   attrStrings  the attribute values, joined
 * A big page goes ahead in parts ({id, field, data}: split), which the
 * background keeps per tab and page (createPartStore) until the request that
 * names them (msg.parts = id) comes; then join gives the whole fields back.
 * unpack turns a request into {nodes, strings, attrs, attrStrings} for
 * wce.classify, or throws a clear error. A request without the attribute
 * section (an older page script) is read as a page without attributes.
 * unpack checks the transport (strings, base64, whole uint32 words); the
 * layout (10 words a node, 3 an attribute value) is checked by wce.classify,
 * which takes the result (wasm/wce_api.js: the worker side's one copy of the
 * core's strides; the page side's is wasm/dom_encoder.js).
 *
 * Runs as a classic script (self.wcePageMessage: the background context and
 * the tab's isolated world) and under Node (module.exports, for Jest).
 */
(function (root, factory) {
  'use strict';
  const api = factory();
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.wcePageMessage = api;
})(typeof self !== 'undefined' ? self : globalThis, function () {
  'use strict';

  const FIELDS = Object.freeze(['nodes', 'strings', 'attrs', 'attrStrings']);

  // The end of the part of s that starts at i and holds at most size
  // characters; never between the two halves of a surrogate pair (messaging
  // converts strings to UTF-8). Parts are joined before anything is decoded.
  function partEnd(s, i, size) {
    let end = Math.min(s.length, i + size);
    const c = s.charCodeAt(end - 1);
    if (end < s.length && end - 1 > i && c >= 0xD800 && c <= 0xDBFF) end--;
    return end;
  }

  // Whether a request's fields exceed `size` characters anywhere (then it
  // goes in parts).
  function needsParts(msg, size) {
    return FIELDS.some((f) => typeof msg[f] === 'string' && msg[f].length > size);
  }

  // The parts of msg's fields, at most size characters each, in field order:
  // [{field, data}]. The request that follows them is stub(msg, id).
  function split(msg, size) {
    if (!(size > 0)) throw new RangeError('split: size must be positive');
    const parts = [];
    for (const field of FIELDS) {
      const s = typeof msg[field] === 'string' ? msg[field] : '';
      for (let i = 0; i < s.length;) {
        const end = partEnd(s, i, size);
        parts.push({ field, data: s.slice(i, end) });
        i = end;
      }
    }
    return parts;
  }
  function stub(msg, id) {
    return Object.assign({}, msg, { nodes: '', strings: '', attrs: '', attrStrings: '', parts: id });
  }

  // The background's store of parts: per key ("<tab>:<id>"), at most `max`
  // pages waiting (the oldest dropped).
  function createPartStore(max) {
    const pending = new Map();
    function add(key, part) {
      if (!part || typeof part.data !== 'string' || !FIELDS.includes(part.field)) {
        throw new Error('bad part: expected {id: string, field: ' + FIELDS.map((f) => '"' + f + '"').join(' | ') +
          ', data: string}');
      }
      let parts = pending.get(key);
      if (!parts) {
        parts = { nodes: [], strings: [], attrs: [], attrStrings: [] };
        pending.set(key, parts);
        while (pending.size > max) pending.delete(pending.keys().next().value);
      }
      parts[part.field].push(part.data);
    }
    // The request with its parts put back (msg itself when it names none).
    function join(key, msg) {
      if (msg.parts === undefined) return msg;
      const parts = pending.get(key);
      pending.delete(key);
      if (!parts) throw new Error('bad classify request: the parts of this page were not received');
      const out = Object.assign({}, msg);
      delete out.parts;
      for (const f of FIELDS) out[f] = (typeof msg[f] === 'string' ? msg[f] : '') + parts[f].join('');
      return out;
    }
    return { add, join, get size() { return pending.size; } };
  }

  // A request -> wce.classify's flat DOM. unpackUint32: platform.js's.
  function unpack(msg, unpackUint32) {
    if (!msg || typeof msg.nodes !== 'string' || typeof msg.strings !== 'string') {
      throw new Error('bad classify request: expected {nodes: string, strings: string}');
    }
    const flat = { nodes: unpackUint32(msg.nodes), strings: msg.strings };
    const hasAttrs = msg.attrs !== undefined && msg.attrs !== null && msg.attrs !== '';
    if (hasAttrs || (msg.attrStrings !== undefined && msg.attrStrings !== null && msg.attrStrings !== '')) {
      if (typeof msg.attrs !== 'string' || typeof msg.attrStrings !== 'string') {
        throw new Error('bad classify request: attrs and attrStrings must be strings');
      }
      flat.attrs = unpackUint32(msg.attrs);
      flat.attrStrings = msg.attrStrings;
    }
    return flat;
  }

  return { FIELDS, split, stub, needsParts, partEnd, createPartStore, unpack };
});
