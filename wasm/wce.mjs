// ES-module entry of wce for Node and bundlers: the same API as the
// CommonJS / classic-script files it wraps (wce_api.js, dom_encoder.js).
//
//   import { createExtractor, encodeDom } from './wasm/wce.mjs';
//   const wce = await createExtractor();
//   const { text, labels, timing } = wce.extract(html, { extractor: 'bte' });
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const api = require('./wce_api.js');
const encoder = require('./dom_encoder.js');

export const createExtractor = api.createExtractor;
export const DEFAULT_EXTRACTOR = api.DEFAULT_EXTRACTOR;
export const encodeDom = encoder.encodeDom;
export default { createExtractor, encodeDom, DEFAULT_EXTRACTOR };
