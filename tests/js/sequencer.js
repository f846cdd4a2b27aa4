// Runs the slowest test files first so that the two workers finish together.
const Sequencer = require('@jest/test-sequencer').default;

const WEIGHT = { 'parity.test.js': 0 };

class SlowFirst extends Sequencer {
  sort(tests) {
    const w = (t) => {
      const base = t.path.split(/[\\/]/).pop();
      return base in WEIGHT ? WEIGHT[base] : 1;
    };
    return [...tests].sort((a, b) => w(a) - w(b) || a.path.localeCompare(b.path));
  }
}

module.exports = SlowFirst;
