// Jest configuration of the JavaScript tests (npm run test:js).
// Plain Node environment: tests make their own documents with jsdom's JSDOM.
// They need the WebAssembly build: scripts/build_wasm.sh.
const path = require('path');

module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/js/**/*.test.js'],
  // The parity test is the long one: start it first.
  testSequencer: '<rootDir>/tests/js/sequencer.js',
  testTimeout: 180000,
  maxWorkers: 2,
  verbose: true,
};
