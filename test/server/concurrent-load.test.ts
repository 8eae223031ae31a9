/**
 * Thirty agents through scripts.run and a person in the sidebar change one plan at the same moment,
 * round after round, on the local server whose executions really run at once (bench/concurrent-load.ts).
 */
import path from 'node:path';
import { runConcurrentLoad } from '../../bench/concurrent-load';

test('30 agents and a person change one plan at once: each change survives or is answered BUSY/CONFLICT', async () => {
  const figures = await runConcurrentLoad({ distDir: path.resolve(__dirname, '../../dist'), agents: 30, rounds: 4 });
  expect(figures.unexpected).toEqual([]);
  expect(figures.changes).toBeGreaterThanOrEqual(4 * 32);
  expect(figures.survived + figures.busy + figures.conflicts).toBe(figures.changes);
  expect(figures.lostUpdates).toBe(0);
  expect(figures.refusedButWritten).toBe(0);
  expect(figures.historyVersions).toBeGreaterThan(0);
  expect(figures.untrueVersions).toBe(0);
  expect(figures.locksLeftHeld).toEqual([]);
  // They really overlapped, and waited for the lock while others held it.
  expect(figures.peakConcurrent).toBeGreaterThanOrEqual(20);
  expect(figures.lockWaits).toBeGreaterThan(0);
}, 60_000);
