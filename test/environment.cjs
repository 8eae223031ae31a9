/**
 * jest's Node environment, plus a garbage collection after a test file once the worker's heap has grown past
 * COLLECT_ABOVE. Without it a worker ends the run holding the garbage of every file it ran: measured, 0.6 to 1.2 GB of
 * heap of which some 50 MB was still in use. Handing that back when the worker exits took 600 to 800 ms on this
 * two-core machine, past the 500 ms jest waits for a worker to exit before it kills it and warns "A worker process has
 * failed to exit gracefully", though nothing was left open. A collection after every file kept the heap small but
 * cost 90 ms a file (median; up to 1 s), 13 s of a hundred files' run; past 256 MB it ran 6 to 9 times there, 1.6 s.
 * A collection frees the garbage, not the heap's pages: after each one in that run 251 to 456 MB stayed committed,
 * and the workers ended with 221 to 331 MB committed. So the used heap, not the committed, tells that garbage piled up.
 */
'use strict';

const v8 = require('node:v8');
const vm = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

// V8's gc() without --expose-gc, taken as jest's own leak detector takes it (jest-leak-detector); the flag is turned
// off again at once, so that no other context (the tests', the emulator's script contexts) gets a global `gc`.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');
v8.setFlagsFromString('--no-expose-gc');

/** The heap in use (garbage included) above which a file's end collects the garbage. */
const COLLECT_ABOVE = 256 * 2 ** 20;

class CollectingEnvironment extends TestEnvironment {
  async teardown() {
    await super.teardown();
    if (v8.getHeapStatistics().used_heap_size > COLLECT_ABOVE) collectGarbage();
  }
}

module.exports = CollectingEnvironment;
