// Emscripten --pre-js of wce_core.js (CMakeLists.txt). In Node, hand the
// module its code read from wce_core.wasm next to this script: Node 18+ has
// fetch(), so Emscripten would first try to stream-compile a file path, fail,
// log "wasm streaming compile failed" and only then read the file. Browsers
// and workers (no `process`) fetch and stream-compile it as usual.
if (typeof process === 'object' && process && process.versions && process.versions.node &&
    typeof require === 'function' && typeof __dirname === 'string' &&
    !Module['wasmBinary'] && !Module['instantiateWasm']) {
  Module['wasmBinary'] = require('fs').readFileSync(require('path').join(__dirname, 'wce_core.wasm'));
}
