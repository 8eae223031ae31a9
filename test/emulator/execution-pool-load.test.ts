/**
 * Many executions at once through the execution pool, on threads it reuses and retires: each execution's service
 * objects and answers stay its own, whatever ran on its thread before and whatever runs beside it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmulatedSpreadsheet, ExecutionPool, type RunOutcome } from '../../src/node/emulator';

// A bound script in a 'ui' execution has the active spreadsheet; in 'api' it opens it by id first; and each execution
// first takes 0 to 2 locks: so executions get their service objects' handles in different orders.
const FIXTURE = `
function doc_() { return SpreadsheetApp.getActive() || SpreadsheetApp.openById('inventory'); }
function expect_(value, type, step) {
  if (typeof value !== type) throw new Error(step + ': a ' + typeof value + ' (' + String(value) + '), not a ' + type);
}
function churn(rounds, tag, row) {
  var seen = [];
  for (var j = 0; j < row % 3; j++) expect_(LockService.getScriptLock().tryLock, 'function', 'tryLock');
  for (var i = 0; i < rounds; i++) {
    var spreadsheet = doc_();
    expect_(spreadsheet.getId, 'function', 'getId');
    var sheet = spreadsheet.getSheetByName(i % 2 ? 'Sheet1' : 'Other');
    expect_(sheet.getRange, 'function', 'getRange');
    var cell = sheet.getRange('A' + row);
    cell.setValue(tag + ':' + i);
    seen.push(cell.getValue());
    if (i % 3 === 0) console.log('round %s of %s', i, tag);
    try { spreadsheet.getRange('Nope!A1'); } catch (e) { expect_(e.message, 'string', 'caught'); }
  }
  return seen;
}
`;

let distDir: string;

beforeEach(() => {
  distDir = mkdtempSync(path.join(tmpdir(), 'emulator-pool-load-'));
  writeFileSync(path.join(distDir, 'Code.js'), FIXTURE);
});

afterEach(() => rmSync(distDir, { recursive: true, force: true }));

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('25 executions at once, 4 times over, on reused and new threads: each reads only its own answers', async () => {
  // Threads rest 30 ms: some are reused by the next wave, some retire and new ones start.
  const pool = new ExecutionPool({ idleThreadMs: 30 });
  const sheet = new EmulatedSpreadsheet({ id: 'inventory', name: 'Inventory', sheets: ['Sheet1', 'Other'] });
  try {
    for (let wave = 0; wave < 4; wave++) {
      const runs: Array<Promise<RunOutcome>> = [];
      const wanted: string[][] = [];
      for (let k = 0; k < 25; k++) {
        const rounds = 1 + ((k * 7 + wave) % 6);
        const tag = `w${wave}e${k}`;
        wanted.push(Array.from({ length: rounds }, (_, i) => `${tag}:${i}`));
        const context = k % 2 ? 'ui' : 'api';
        runs.push(pool.run(sheet, distDir, 'churn', [rounds, tag, k + 1], { context }));
      }
      const outcomes = await Promise.all(runs);
      expect(outcomes.map((outcome) => ('error' in outcome ? outcome.error.message : outcome.result))).toEqual(wanted);
      await delay(wave % 2 ? 40 : 5);
    }
    expect(pool.statistics()).toMatchObject({ executions: 100, refused: 0, peakConcurrent: 25 });
  } finally {
    await pool.close();
  }
});
