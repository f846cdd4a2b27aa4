/*
 * node_pack.js: the flat DOM's node table (dom_encoder.js: 10 uint32 per
 * node) in a compact byte form for the message from the page to the
 * background, and back.
 *
 * Why: the table went up as base64 of its raw bytes, 53 characters per node,
 * mostly zeros (an element has no text length, a text node no tag or
 * attribute lengths). On a large page that was ~200 KB of the message, and
 * the trip up grew with the page (bench/results/extension-latency-2026-11-27.md).
 * Here a node takes ~4 bytes.
 *
 * Format (bytes): a version byte, then
 *   0 (RAW): the uint32 words as they are, little-endian;
 *   1 (COMPACT): per node, one varint header = kind (2 bits)
 *     | (flags != 0) << 2 | (mask of the non-zero fields, MASK_FIELDS order) << 3,
 *     then the varints of: flags (if non-zero), the distance back to the
 *     parent (index - parent; 0 for no parent), and each non-zero field.
 * Varints: 7 bits a byte, low bits first. COMPACT is used when every node has
 * kind 1..3 and a parent before it (what encodeDom writes); anything else
 * goes RAW, so any table survives the trip.
 *
 * Classic script (self.wceNodePack in the page and the background) or
 * CommonJS (Node: the build and the tests).
 */
(function (root) {
  'use strict';

  const STRIDE = 10;
  const NONE = 0xFFFFFFFF;
  const RAW = 0;
  const COMPACT = 1;
  // Words 2..9 in header-mask order: the common ones first, so that a text
  // node or an element with a class and an id keeps a one-byte header.
  // Word 9: text length; 2: tag name; 4: class; 3: id; 5: role; 8: style;
  // 6: itemprop; 7: aria-hidden.
  const MASK_FIELDS = [9, 2, 4, 3, 5, 8, 6, 7];
  const MAX_VARINT = 5; // bytes for a uint32
  const MAX_NODE_BYTES = 2 + (2 + MASK_FIELDS.length) * MAX_VARINT;

  // Every node kind 1..3 and its parent NONE or an earlier node.
  function compactable(nodes) {
    for (let i = 0, n = 0; i < nodes.length; i += STRIDE, n++) {
      const kind = nodes[i] & 0xFF;
      const parent = nodes[i + 1];
      if (kind < 1 || kind > 3 || (parent !== NONE && parent >= n)) return false;
    }
    return true;
  }

  // Uint32Array (a multiple of STRIDE words) -> Uint8Array.
  function pack(nodes) {
    if (!(nodes instanceof Uint32Array) || nodes.length % STRIDE !== 0) {
      throw new TypeError('node_pack: expected a Uint32Array of ' + STRIDE + ' words per node');
    }
    if (!compactable(nodes)) {
      const out = new Uint8Array(1 + nodes.byteLength);
      out[0] = RAW;
      out.set(new Uint8Array(nodes.buffer, nodes.byteOffset, nodes.byteLength), 1);
      return out;
    }
    let cap = 16 + (nodes.length / STRIDE) * 6;
    let out = new Uint8Array(cap);
    out[0] = COMPACT;
    let w = 1;
    // One varint at out[w]; returns the new w (inlined by hand below for the
    // one-byte case, which is nearly every value).
    const varint = (v, at) => {
      while (v >= 0x80) { out[at++] = (v & 0x7F) | 0x80; v >>>= 7; }
      out[at++] = v;
      return at;
    };
    for (let i = 0, n = 0; i < nodes.length; i += STRIDE, n++) {
      if (w + MAX_NODE_BYTES > cap) {
        cap *= 2;
        const grown = new Uint8Array(cap);
        grown.set(out.subarray(0, w));
        out = grown;
      }
      const flags = nodes[i] >>> 8;
      let mask = 0;
      for (let f = 0; f < MASK_FIELDS.length; f++) if (nodes[i + MASK_FIELDS[f]] !== 0) mask |= 1 << f;
      const head = (nodes[i] & 3) | (flags !== 0 ? 4 : 0) | (mask << 3);
      if (head < 0x80) out[w++] = head; else w = varint(head, w);
      if (flags !== 0) w = varint(flags, w);
      const parent = nodes[i + 1];
      const back = parent === NONE ? 0 : n - parent;
      if (back < 0x80) out[w++] = back; else w = varint(back, w);
      for (let f = 0; mask !== 0; f++, mask >>>= 1) {
        if ((mask & 1) === 0) continue;
        const v = nodes[i + MASK_FIELDS[f]];
        if (v < 0x80) out[w++] = v; else w = varint(v, w);
      }
    }
    return out.slice(0, w);
  }

  // Uint8Array -> Uint32Array; throws on anything pack() cannot have written.
  function unpack(bytes) {
    if (!(bytes instanceof Uint8Array) || bytes.length === 0) {
      throw new TypeError('node_pack: expected a non-empty Uint8Array');
    }
    if (bytes[0] === RAW) {
      if ((bytes.length - 1) % (4 * STRIDE) !== 0) {
        throw new TypeError('node_pack: raw node data of ' + (bytes.length - 1) + ' bytes');
      }
      const copy = new Uint8Array(bytes.length - 1);
      copy.set(bytes.subarray(1));
      return new Uint32Array(copy.buffer);
    }
    if (bytes[0] !== COMPACT) throw new TypeError('node_pack: unknown format ' + bytes[0]);
    let r = 1;
    const end = bytes.length;
    const varint = () => {
      let v = 0;
      for (let shift = 0; shift < 35; shift += 7) {
        if (r >= end) throw new TypeError('node_pack: node data cut short');
        const b = bytes[r++];
        v += (b & 0x7F) * 2 ** shift;
        if (b < 0x80) {
          if (v > NONE) break;
          return v;
        }
      }
      throw new TypeError('node_pack: bad varint in node data');
    };
    // At least 2 bytes a node (header, parent).
    let out = new Uint32Array(Math.max(STRIDE, Math.ceil((end - 1) / 4) * STRIDE));
    let w = 0;
    for (let n = 0; r < end; n++) {
      if (w + STRIDE > out.length) {
        const grown = new Uint32Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      const head = varint();
      const kind = head & 3;
      if (kind === 0 || head >= 1 << (3 + MASK_FIELDS.length)) throw new TypeError('node_pack: bad node header');
      const flags = (head & 4) !== 0 ? varint() : 0;
      if (flags > 0xFFFFFF) throw new TypeError('node_pack: bad node flags');
      out[w] = kind | (flags << 8);
      const back = varint();
      if (back > n) throw new TypeError('node_pack: a parent after its child');
      out[w + 1] = back === 0 ? NONE : n - back;
      for (let f = 0, mask = head >>> 3; mask !== 0; f++, mask >>>= 1) {
        if ((mask & 1) !== 0) out[w + MASK_FIELDS[f]] = varint();
      }
      w += STRIDE;
    }
    return out.slice(0, w);
  }

  const api = { pack, unpack, RAW, COMPACT };
  if (typeof module === 'object' && module !== null && module.exports) module.exports = api;
  else root.wceNodePack = api;
})(typeof globalThis !== 'undefined' ? globalThis : self);
