/**
 * The order jest starts test files in: the longest first, so that no worker is left running a long file alone at
 * the end. Jest's own order does that from the durations it recorded on this machine; on a fresh machine (CI) it
 * has none and falls back to file size, which starts a small file that runs long last. These files run long for
 * their size (a package install, child processes), so where no duration is recorded they go first.
 */
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const LONG_FOR_THEIR_SIZE = [
  'test/package/package.test.ts',
  'test/agents/demo.test.ts',
  'test/mcp/inspector-cli.test.ts',
  'test/server/concurrent-load.test.ts',
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const long = (test) =>
      test.duration == null && LONG_FOR_THEIR_SIZE.some((file) => test.path.endsWith(path.normalize(file)));
    return [...sorted.filter(long), ...sorted.filter((test) => !long(test))];
  }
}

module.exports = LongestFirst;
