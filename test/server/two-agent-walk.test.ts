/**
 * Two agents with two keys walk the same 10-task plan at the same time through the local server's web app, whose
 * executions run at once on worker threads (bench/two-agent-walk.ts): claims keep them apart, dependencies keep the
 * order.
 */
import path from 'node:path';
import { runTwoAgentWalk } from '../../bench/two-agent-walk';

test('two agents walk one plan at once: no double start, none completed by the other, dependencies first', async () => {
  const figures = await runTwoAgentWalk({ distDir: path.resolve(__dirname, '../../dist') });
  expect(figures.unexpected).toEqual([]);
  expect(figures.startedTwice).toEqual([]);
  expect(figures.completedByOther).toEqual([]);
  expect(figures.dependencyViolations).toEqual([]);
  expect(figures.poachesLetThrough).toBe(0);
  expect(figures.doneAtEnd).toBe(10);
  expect(figures.workingLinesLeft).toBe(0);
  // Both agents worked, and their claims were put to the test.
  expect(Object.values(figures.startedBy).every((count) => count > 0)).toBe(true);
  expect(figures.poachesRefused).toBeGreaterThan(0);
}, 60_000);
