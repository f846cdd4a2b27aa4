// Types of the ES-module entry wce.mjs: the named exports of wce.d.ts (the
// CommonJS entry's types) and a default export holding them.
import { createExtractor, encodeDom, DEFAULT_EXTRACTOR } from './wce.js';

export * from './wce.js';

declare const wce: {
  createExtractor: typeof createExtractor;
  encodeDom: typeof encodeDom;
  DEFAULT_EXTRACTOR: typeof DEFAULT_EXTRACTOR;
};
export default wce;
