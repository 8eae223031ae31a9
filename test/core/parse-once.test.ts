/**
 * The write path reads each text of a call once: the plan read from the cell and the plan written are each parsed
 * at most once and fingerprinted at most once (src/core/write-path/plan-texts.ts). A change used to parse the plan
 * four to seven times and fingerprint it five or more, which a 49 KB plan pays for on every call.
 */
import { PlanManager } from './plan-manager';
import { savedPlan } from './memory-store';

// The modules' own export objects, which every importer reads its functions from, so that a spy sees their calls (an
// `import * as` namespace is a copy of them).
const parse = jest.requireActual<typeof import('../../src/core/format/parse')>('../../src/core/format/parse');
const text = jest.requireActual<typeof import('../../src/core/text')>('../../src/core/text');

const PLAN = [
  '# Plan: Clean the sales sheet',
  '',
  '## Goal',
  'Every row of Sales has a region and a total.',
  '',
  '## Tasks',
  '',
  '### Phase 1: Read',
  '- [x] 1.1 Read Sales!A1:F200 ✅ 2026-03-10',
  '- [ ] 1.2 List the rows without a region',
  '- [ ] 1.3 Check the totals',
  '',
  '### Phase 2: Write',
  '- [ ] 2.1 Fill the regions in Sales!B2:B200',
  '',
].join('\n');

/** Calls `work`, and counts how often each text was parsed and fingerprinted meanwhile. */
function countReads(work: () => unknown): { parses: Map<string, number>; digests: Map<string, number> } {
  const parses = new Map<string, number>();
  const digests = new Map<string, number>();
  const bump = (counts: Map<string, number>, text: unknown) =>
    counts.set(String(text), (counts.get(String(text)) ?? 0) + 1);
  const outline = jest.spyOn(parse, 'outlinePlan');
  const plan = jest.spyOn(parse, 'parsePlan');
  const digest = jest.spyOn(text, 'digestText');
  try {
    work();
    for (const [text] of [...outline.mock.calls, ...plan.mock.calls]) bump(parses, text);
    // The request-id fingerprint of the call's arguments is not a plan's.
    for (const [text] of digest.mock.calls) if (String(text).startsWith('#')) bump(digests, text);
  } finally {
    outline.mockRestore();
    plan.mockRestore();
    digest.mockRestore();
  }
  return { parses, digests };
}

const agent = () => new PlanManager(savedPlan(PLAN));

describe('each text of a call is read once', () => {
  test.each([
    ['startTask', (manager: PlanManager) => manager.startTask('1.2')],
    ['completeTask', (manager: PlanManager) => manager.completeTask('1.2')],
    ['blockTask', (manager: PlanManager) => manager.blockTask('1.2', 'waiting for the export')],
    ['addTask', (manager: PlanManager) => manager.addTask(1, 'Sort by date')],
    ['renameTask', (manager: PlanManager) => manager.renameTask('1.3', 'Check every total')],
    ['getPlan', (manager: PlanManager) => manager.getPlan()],
  ])('%s parses the plan it reads and the plan it writes once each, and fingerprints each once', (_name, call) => {
    const manager = agent();
    const { parses, digests } = countReads(() => call(manager));
    expect(parses.get(PLAN)).toBe(1);
    expect([...parses.values()].every((count) => count === 1)).toBe(true);
    expect(parses.size).toBeLessThanOrEqual(2);
    expect(digests.get(PLAN)).toBe(1);
    expect([...digests.values()].every((count) => count === 1)).toBe(true);
  });

  test('advanceTask reads the plan, the plan with the task completed, and the plan it writes once each', () => {
    const manager = agent();
    const { parses, digests } = countReads(() => manager.advanceTask('1.2'));
    expect(parses.get(PLAN)).toBe(1);
    expect([...parses.values()]).toEqual([1, 1, 1]);
    expect([...digests.values()]).toEqual([1, 1]);
  });
});
