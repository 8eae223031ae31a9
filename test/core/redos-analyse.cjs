/**
 * Runs recheck's analysis of the patterns given on standard input (JSON: [{ source, flags }]) and prints one verdict
 * per pattern (JSON: [{ status, detail }]). test/core/redos.test.ts runs it as a plain Node process: recheck's
 * pure-JavaScript build (compiled from Scala) runs about four times slower inside jest's module sandbox.
 */
'use strict';

// Before recheck is loaded: its default picks a native binary or a JVM when it finds one.
process.env.RECHECK_BACKEND = 'pure';
const { check } = require('recheck');

/**
 * The automaton checker proves a pattern safe or finds its attack string (fast and exact for patterns of this size);
 * the fuzzing checker is the fallback for what it cannot model (lookarounds). Fuzzing judges by the characters its
 * matcher reads (the limits), never by how long a run took: with its time limits a busy machine turned a linear
 * lookahead pattern into a "2nd degree polynomial". Its random seed is fixed (0), so its verdicts repeat.
 */
async function analyse(source, flags) {
  const limits = {
    maxNFASize: 1_000_000,
    maxPatternSize: 100_000,
    timeout: 60_000,
    attackTimeout: null,
    incubationTimeout: null,
  };
  const exact = await check(source, flags, { ...limits, checker: 'automaton' });
  return exact.status === 'unknown' ? check(source, flags, limits) : exact;
}

function verdict(result) {
  if (result.status === 'safe') return { status: 'safe', detail: '' };
  if (result.status === 'vulnerable') {
    return { status: 'vulnerable', detail: `${result.complexity.summary}; attack: ${result.attack.pattern}` };
  }
  return { status: result.status, detail: `could not be analysed: ${result.error.kind}` };
}

async function main() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const patterns = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const verdicts = [];
  for (const { source, flags } of patterns) verdicts.push(verdict(await analyse(source, flags)));
  process.stdout.write(JSON.stringify(verdicts));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
