// ES-module entry of wce for Node, bundlers and module workers: the same API
// as the CommonJS entry wce.cjs it wraps (wce_api.js, dom_encoder.js).
// No Node-only import, so that bundlers can target the browser.
//
//   import { createExtractor, encodeDom } from 'wce';   // or './wasm/wce.mjs'
//   const wce = await createExtractor();
//   const { text, labels, timing } = wce.extract(html, { extractor: 'bte' });
import cjs from './wce.cjs';

export const createExtractor = cjs.createExtractor;
export const DEFAULT_EXTRACTOR = cjs.DEFAULT_EXTRACTOR;
export const encodeDom = cjs.encodeDom;
export default { createExtractor, encodeDom, DEFAULT_EXTRACTOR };
