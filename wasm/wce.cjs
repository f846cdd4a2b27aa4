// CommonJS entry of the npm package (require('wce')): the JS API of
// wce_api.js and the DOM encoder of dom_encoder.js in one object.
// Types: wce.d.ts. The ES-module entry wce.mjs re-exports this file.
'use strict';
const api = require('./wce_api.js');
const encoder = require('./dom_encoder.js');

module.exports = {
  createExtractor: api.createExtractor,
  DEFAULT_EXTRACTOR: api.DEFAULT_EXTRACTOR,
  encodeDom: encoder.encodeDom,
};
