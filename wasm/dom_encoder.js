/*
 * wce DOM encoder: a live DOM (page, DOMParser or jsdom Document) -> the flat
 * encoding that the core's decode_flat_dom reads (core/include/wce/html.hpp),
 * so that one message carries a whole page to the WebAssembly core.
 *
 * One file, two ways to load it: a classic script (content script, worker,
 * <script>) defines self.WCEEncoder = {encodeDom, ...}; CommonJS (Node) sets
 * module.exports.
 *
 * Encoding (stride 10 uint32 per node, document order, from documentElement):
 *   [kind (1 element, 2 text) | flags << 8 (1: `hidden` attribute, 2: `href`,
 *    4: an `href` value that starts with "javascript:", 8: rel="author",
 *    16: rel="icon", "search", "prev", "next" or "tag"; rel values trimmed of
 *    ASCII white space, case-sensitive: core/src/document/attributes.cpp rel_flags),
 *    parent's flat index (0xFFFFFFFF for the root element),
 *    len(tag name), len(id), len(class), len(role), len(itemprop),
 *    len(aria-hidden), len(style), len(text)]
 * strings: those strings concatenated, node by node, in that order (elements
 * carry no text, text nodes no attributes); lengths are UTF-16 code units.
 * attrs (3 uint32 per value, node order): [the element's flat index, the
 * attribute's index in ATTRIBUTES, len(value)], with attrStrings those values
 * concatenated: what the core keeps for metadata, Markdown links and images
 * and table spans (core/include/wce/html.hpp kFlatAttributes, the same list;
 * which element keeps which value is decided there, by parse_html's rule).
 *
 * What is encoded: Element and Text nodes (CDATA sections as text). Skipped:
 * the document's other children (doctype, comments), comments and processing
 * instructions, the content of script / style / noscript / template / rt / rp /
 * rtc / annotation / annotation-xml (the element itself is encoded; the core
 * drops such content from both builders too); iframe documents and shadow roots unless options.composed (see
 * encodeDom). The walk is iterative: any depth.
 *
 * Result: {nodes: Uint32Array, strings: string, attrs: Uint32Array,
 * attrStrings: string, textNodes: Text[], roots}
 * where textNodes[k] is the live node that label k of a classify() result
 * refers to, and roots the shadow roots and frame documents read (composed).
 */
(function (root, factory) {
  'use strict';
  var api = factory();
  if (typeof module === 'object' && module && typeof module.exports === 'object') {
    module.exports = api;
  } else {
    root.WCEEncoder = api;
  }
})(typeof self !== 'undefined' ? self : typeof globalThis !== 'undefined' ? globalThis : this, function () {
  'use strict';

  var STRIDE = 10;
  var ATTR_STRIDE = 3;
  // core/include/wce/html.hpp kFlatAttributes, in that order.
  var ATTRIBUTES = ['href', 'title', 'rel', 'src', 'data-src', 'alt', 'name', 'property', 'content', 'lang',
    'datetime', 'colspan', 'rowspan', 'itemtype', 'type', '#script-text'];
  var SCRIPT_TEXT = 15;
  // The attributes read per element name (itemtype on every element); the
  // core keeps the same ones (document/attributes.cpp keep_attributes).
  var KEPT_BY_TAG = {
    a: [0, 1], link: [0, 2], img: [3, 4, 5, 1], meta: [6, 7, 8], html: [9], time: [10],
    td: [11, 12], th: [11, 12], script: [14]
  };
  var ITEMTYPE = 13;
  var LD_JSON = /ld\+json/i;
  var NONE = 0xFFFFFFFF;
  var KIND_ELEMENT = 1;
  var KIND_TEXT = 2;
  var FLAG_HIDDEN = 1;
  var FLAG_HREF = 2;
  var FLAG_JAVASCRIPT_HREF = 4;
  var FLAG_REL_AUTHOR = 8;
  var FLAG_REL_NAVIGATION = 16;
  var REL_NAVIGATION = { icon: 1, search: 1, prev: 1, next: 1, tag: 1 };
  var ASCII_WS_ENDS = /^[ \t\n\f\r]+|[ \t\n\f\r]+$/g;

  // core/src/document/attributes.cpp rel_flags.
  function relFlags(rel) {
    rel = rel.replace(ASCII_WS_ENDS, '');
    if (rel === 'author') return FLAG_REL_AUTHOR;
    return Object.prototype.hasOwnProperty.call(REL_NAVIGATION, rel) ? FLAG_REL_NAVIGATION : 0;
  }
  var ELEMENT_NODE = 1;
  var TEXT_NODE = 3;
  var CDATA_SECTION_NODE = 4;
  // Elements whose content is never document text (core: is_non_content in
  // core/src/document/tags.cpp, the same names): not rendered, ruby readings
  // and their parentheses, MathML's alternative encodings (TeX source).
  var NO_DESCENT = {
    script: true, style: true, noscript: true, template: true,
    rt: true, rp: true, rtc: true, annotation: true, 'annotation-xml': true,
  };

  // Lone surrogates become U+FFFD (which keeps the UTF-16 length) per string,
  // so that two lone halves in neighbouring strings cannot pair up in the
  // joined string. (The core's UTF-8 conversion of the joined string makes
  // any lone surrogate left U+FFFD too: wasm/bindings.cpp, Utf8.)
  var UPPER = /[A-Z]/;
  var UPPER_G = /[A-Z]+/g;
  function asciiLower(s) { return s.toLowerCase(); }

  var HAS_IS_WELL_FORMED = typeof ''.isWellFormed === 'function';
  var SURROGATE = /[\uD800-\uDFFF]/;
  function wellFormed(s) {
    if (HAS_IS_WELL_FORMED) return s.isWellFormed() ? s : s.toWellFormed();
    if (!SURROGATE.test(s)) return s;
    var out = '';
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i);
      if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.length) {
        var d = s.charCodeAt(i + 1);
        if (d >= 0xDC00 && d <= 0xDFFF) { out += s[i] + s[i + 1]; i++; continue; }
      }
      out += (c >= 0xD800 && c <= 0xDFFF) ? '\uFFFD' : s[i];
    }
    return out;
  }

  // The document of a same-origin <iframe>/<frame>, or null (cross-origin,
  // not loaded, or an empty body: such a frame stays an iframe). Reading contentDocument of a cross-origin frame
  // gives null; some browsers throw instead.
  function frameDocument(el) {
    try {
      var d = el.contentDocument;
      return d && d.body && d.body.firstChild ? d : null;
    } catch (e) {
      return null;
    }
  }

  // The children of an element in the composed tree (the tree the browser
  // renders): {first, list, name}, where either first starts a sibling chain
  // or list holds them (a slot's assigned nodes), and name is the tag to
  // encode. An open shadow root replaces the light children (they show
  // through its <slot>s); a <slot> shows its assigned nodes, or its own
  // children when none are assigned; a same-origin frame shows its body's
  // children, as a <div>. The shadow roots and frame documents met are
  // added to roots. Shared with reader_model.js, which walks the same tree.
  function composedChildren(node, name, roots) {
    var shadow = node.shadowRoot;
    if (shadow) {
      if (roots) roots.push(shadow);
      return { first: shadow.firstChild, list: null, name: name };
    }
    if (name === 'slot' && typeof node.assignedNodes === 'function') {
      var assigned = node.assignedNodes();
      if (assigned.length) return { first: null, list: assigned, name: name };
    } else if (name === 'iframe' || name === 'frame') {
      var fd = frameDocument(node);
      if (fd) {
        if (roots) roots.push(fd);
        return { first: fd.body.firstChild, list: null, name: 'div' };
      }
    }
    return { first: node.firstChild, list: null, name: name };
  }

  // options.composed: walk the composed tree (composedChildren; a frame
  // becomes a <div> because the core's extractors drop whatever is inside an
  // iframe element). Without it (the default, which the parser-parity tests
  // compare with Gumbo) only the document's own tree is read.
  function encodeDom(doc, options) {
    var enc = createDomEncoder(doc, options);
    enc.step(Infinity);
    return enc.result();
  }

  // The same walk in steps, so that a page's main thread is never held for
  // long (the extension encodes a big page in slices with yields between):
  // step(maxNodes) reads at most maxNodes more nodes and returns true once the
  // whole tree is read; result() then gives encodeDom's result. `read` is the
  // number of nodes read so far. Nodes the page moves or removes between two
  // steps are read where the walk finds them: the result is still a tree in
  // document order, of the DOM as the walk saw it.
  function createDomEncoder(doc, options) {
    if (!doc || typeof doc !== 'object' || !('documentElement' in doc)) {
      throw new TypeError('encodeDom: expected a Document (window.document, DOMParser or jsdom)');
    }
    var composed = !!(options && options.composed === true);
    var rootEl = doc.documentElement;
    var cap = 4096 * STRIDE;
    var buf = new Uint32Array(cap);
    var w = 0;              // words written
    var count = 0;          // nodes written
    var parts = [];         // non-empty strings, joined once at the end
    var attrs = [];         // attribute triples (element, attribute, length)
    var attrParts = [];     // their values
    var textNodes = [];
    var roots = [];         // composed: the shadow roots and frame documents read
    var done = !rootEl;
    var out = null;

    // The open element lists, one entry per level: the next node to read
    // (sibling chain) or a node array with a read position (slot
    // assignments), and the level's parent flat index.
    var stNext = [rootEl];
    var stList = [null];
    var stIdx = [0];
    var stParent = [NONE];
    var sp = rootEl ? 0 : -1;

    function step(maxNodes) {
      var budget = maxNodes;
      while (sp >= 0 && budget-- > 0) {
        var node;
        var list = stList[sp];
        if (list !== null) {
          node = stIdx[sp] < list.length ? list[stIdx[sp]++] : null;
        } else {
          node = stNext[sp];
          // The root element's siblings (comments after </html>) are not read.
          if (node !== null) stNext[sp] = sp === 0 ? null : node.nextSibling;
        }
        if (node === null) { sp--; continue; }
        var parent = stParent[sp];
        var type = node.nodeType;
        if (type !== ELEMENT_NODE && type !== TEXT_NODE && type !== CDATA_SECTION_NODE) continue;
        if (w + STRIDE > cap) {
          cap *= 2;
          var grown = new Uint32Array(cap);
          grown.set(buf);
          buf = grown;
        }
        if (type === ELEMENT_NODE) {
          // ASCII lower case, as the core and the HTML parsers do (a full
          // Unicode toLowerCase would turn e.g. U+212A KELVIN SIGN into "k").
          var name = node.localName;
          if (UPPER.test(name)) name = name.replace(UPPER_G, asciiLower);
          name = wellFormed(name);
          // Where this element's children come from.
          var first = node.firstChild;
          var kids = null;
          if (composed) {
            var from = composedChildren(node, name, roots);
            first = from.first;
            kids = from.list;
            name = from.name;
          }
          var flags = 0;
          var id = '', cls = '', role = '', itemprop = '', ariaHidden = '', style = '';
          parts.push(name);
          if (node.hasAttributes()) {
            if (node.hasAttribute('hidden')) flags |= FLAG_HIDDEN;
            if (node.hasAttribute('rel')) flags |= relFlags(node.getAttribute('rel'));
            if (node.hasAttribute('href')) {
              flags |= FLAG_HREF;
              if (node.getAttribute('href').lastIndexOf('javascript:', 0) === 0) flags |= FLAG_JAVASCRIPT_HREF;
            }
            // In the encoding's order: id, class, role, itemprop, aria-hidden, style.
            if ((id = node.getAttribute('id'))) parts.push(id = wellFormed(id)); else id = '';
            if ((cls = node.getAttribute('class'))) parts.push(cls = wellFormed(cls)); else cls = '';
            if ((role = node.getAttribute('role'))) parts.push(role = wellFormed(role)); else role = '';
            if ((itemprop = node.getAttribute('itemprop'))) parts.push(itemprop = wellFormed(itemprop)); else itemprop = '';
            if ((ariaHidden = node.getAttribute('aria-hidden'))) parts.push(ariaHidden = wellFormed(ariaHidden)); else ariaHidden = '';
            if ((style = node.getAttribute('style'))) parts.push(style = wellFormed(style)); else style = '';
            keepAttributes(node, name, count);
          }
          buf[w] = KIND_ELEMENT | (flags << 8);
          buf[w + 1] = parent;
          buf[w + 2] = name.length;
          buf[w + 3] = id.length;
          buf[w + 4] = cls.length;
          buf[w + 5] = role.length;
          buf[w + 6] = itemprop.length;
          buf[w + 7] = ariaHidden.length;
          buf[w + 8] = style.length;
          buf[w + 9] = 0;
          w += STRIDE;
          count++;
          if ((first !== null || kids !== null) && NO_DESCENT[name] !== true) {
            sp++;
            stNext[sp] = first;
            stList[sp] = kids;
            stIdx[sp] = 0;
            stParent[sp] = count - 1;
          }
        } else {
          var text = node.data;
          if (text) parts.push(text = wellFormed(text));
          buf[w] = KIND_TEXT;
          buf[w + 1] = parent;
          buf[w + 2] = 0; buf[w + 3] = 0; buf[w + 4] = 0; buf[w + 5] = 0;
          buf[w + 6] = 0; buf[w + 7] = 0; buf[w + 8] = 0;
          buf[w + 9] = text.length;
          textNodes.push(node);
          w += STRIDE;
          count++;
        }
      }
      done = sp < 0;
      return done;
    }

    // The values the core keeps of element `node` (flat index k).
    function keepAttributes(node, name, k) {
      var v = node.getAttribute('itemtype');
      if (v) addAttr(k, ITEMTYPE, v);
      var list = KEPT_BY_TAG[name];
      if (list === undefined) return;
      for (var i = 0; i < list.length; i++) {
        var a = list[i];
        v = node.getAttribute(ATTRIBUTES[a]);
        // data-src counts when present even empty (the core's lazy-image rule).
        if (v || (v === '' && a === 4)) addAttr(k, a, v);
      }
      // A script's list is its type alone: v holds it here.
      if (name === 'script' && v && LD_JSON.test(v)) addAttr(k, SCRIPT_TEXT, node.textContent || '');
    }
    function addAttr(k, a, v) {
      v = wellFormed(v);
      attrs.push(k, a, v.length);
      if (v) attrParts.push(v);
    }

    function result() {
      if (!done) throw new Error('encodeDom: the walk is not finished');
      if (out === null) {
        out = { nodes: buf.slice(0, w), strings: parts.join(''), attrs: Uint32Array.from(attrs),
          attrStrings: attrParts.join(''), textNodes: textNodes, roots: roots };
      }
      return out;
    }

    return {
      step: step,
      result: result,
      get read() { return count; },
      get done() { return done; }
    };
  }

  return {
    encodeDom: encodeDom,
    createDomEncoder: createDomEncoder,
    composedChildren: composedChildren,
    STRIDE: STRIDE,
    ATTR_STRIDE: ATTR_STRIDE,
    ATTRIBUTES: ATTRIBUTES,
    NONE: NONE
  };
});
