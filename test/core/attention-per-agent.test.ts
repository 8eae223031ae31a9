/**
 * The revision record remembers each agent's last change (src/core/person/attention.ts `agents`), so that each is told
 * the person's decisions since its own; an entry older than every decision kept hides none, and is dropped.
 */
import { attentionOf, nextAttention, type AttentionRecord } from '../../src/core/person/attention';
import { parsePlan } from '../../src/core';

const plan = (status: string) =>
  parsePlan(`# Plan: P\n\nGoal: G\n\n### Phase 1: Work\n- [${status}] 1.1 Total the bins\n- [ ] 1.2 Write\n`);
const IN_REVIEW = plan('!');
const APPROVED = plan('x');
const at = '2026-03-01T10:00:00Z';

/** A write at `revision` from `before` to `after` by `agent` (none: the person). */
const write = (revision: number, agent?: string, before = APPROVED, after = APPROVED) => ({
  before,
  after,
  at,
  revision,
  agent,
});

/** Alpha's change at revision 1, the person's approval at 2, Beta's change at 3. */
function record(): AttentionRecord {
  const alpha = nextAttention(undefined, write(1, 'Alpha', IN_REVIEW, IN_REVIEW));
  const decided = nextAttention(alpha, write(2, undefined, IN_REVIEW, APPROVED));
  return nextAttention(decided, write(3, 'Beta'));
}

const told = (kept: AttentionRecord, agent?: string) =>
  attentionOf(APPROVED, kept, false, agent).decidedSinceYourLastChange.map((decision) => decision.step);

test('each agent is told the decisions since its own change; one with no change kept, every decision kept', () => {
  const kept = record();
  // Alpha's change (1) is older than the decision (2): remembering it would hide nothing.
  expect(kept.agents).toEqual({ Beta: 3 });
  expect([told(kept, 'Alpha'), told(kept, 'Beta'), told(kept, 'Gamma')]).toEqual([['1.1'], [], ['1.1']]);
});

test('with no decision kept, no agent is remembered: none would be hidden', () => {
  const alpha = nextAttention(undefined, write(1, 'Alpha', IN_REVIEW, IN_REVIEW));
  expect(alpha.agents).toBeUndefined();
});

test('an agent named like an object key, and a field edited by hand, are read as data', () => {
  const kept = record();
  const proto = nextAttention(kept, write(4, '__proto__'));
  expect(Object.getPrototypeOf(proto.agents)).toBe(Object.prototype);
  expect(Object.keys(proto.agents!)).toEqual(['Beta', '__proto__']);
  expect(told(proto, '__proto__')).toEqual([]);
  expect(told(proto, 'constructor')).toEqual(['1.1']);
  const edited = { ...kept, agents: { Beta: 'late' } } as unknown as AttentionRecord;
  expect(told(edited, 'Beta')).toEqual(['1.1']);
  expect(nextAttention(edited, write(4)).agents).toBeUndefined();
});

test('the record keeps the last 20 agents that changed the plan: keyless callers may take a new name each call', () => {
  let kept = record();
  for (let call = 0; call < 30; call++) kept = nextAttention(kept, write(4 + call, `caller ${call}`));
  expect(Object.keys(kept.agents!)).toEqual(Array.from({ length: 20 }, (_, index) => `caller ${index + 10}`));
  // One no longer kept is told every decision kept, as an agent that has made no change.
  expect([told(kept, 'caller 29'), told(kept, 'caller 0'), told(kept, 'Beta')]).toEqual([[], ['1.1'], ['1.1']]);
});

test('the newest of 20 changers is kept whatever its name: an agent named "7" changing last is remembered', () => {
  let kept = record();
  for (let call = 0; call < 20; call++) kept = nextAttention(kept, write(4 + call, `caller ${call}`));
  kept = nextAttention(kept, write(24, '7'));
  // The object lists "7" first; the next change must not take it for the oldest.
  kept = nextAttention(kept, write(25, 'caller 20'));
  expect(told(kept, '7')).toEqual([]);
  expect(Object.keys(kept.agents!)).toHaveLength(20);
  expect([kept.agents!['caller 1'], kept.agents!['7']]).toEqual([undefined, 24]);
});
