/**
 * The guard's rules as properties (issue 25): random sequences of calls by two agents, over every path they have
 * (task tools, apply_commands, replace_plan with random edits of status marks and nested lines, write_range), and a
 * person's decisions in the sidebar, through the built bundle. After every step, whatever was refused or written:
 * - no task is done whose checks fail, unless a person did it;
 * - no waiting task moves into work;
 * - no claim changed except by its holder's start or renewal, or a person;
 * - the approved content never changed while the plan still reads as approved (approval required);
 * - nothing a person wrote is gone from the cell, the history and the archive.
 * A fixed seed and a bounded number of runs: the same sequences in every `npm test`.
 */
import fc from 'fast-check';
import { isActive, taskClaims } from '../../src/core/rules/claims';
import { approvedContent } from '../../src/core/guard/approval';
import { outlinePlan, type PlanOutline } from '../../src/core/format/parse';
import type { EmulatedSpreadsheet } from '../../src/node/emulator';
import { PLAN, approveAsPerson, callAsPerson, personEdits, planText } from './harness';
import { stockSheet } from './stock-plan';
import { tool } from './web-agents';

const STEPS = ['1.1', '1.2', '1.3'] as const;
const AGENTS = ['Claude', 'Gemini'] as const;
type AgentName = (typeof AGENTS)[number];

/** One call in a sequence: an agent's, by one of its paths, or the person's. */
type Call =
  | { by: AgentName; path: 'action'; action: string; step: string }
  | { by: AgentName; path: 'commands'; actions: Array<{ action: string; step: string }> }
  | { by: AgentName; path: 'rewrite'; edits: Edit[] }
  | { by: AgentName; path: 'write'; step: string; values: Array<Array<number | string>> }
  | { by: 'person'; path: 'approve' | 'release' | 'answer'; step: string };

type Edit =
  | { kind: 'mark'; step: string; mark: string }
  | { kind: 'claim'; step: string; holder: string; minutes: number }
  | { kind: 'drop'; label: 'Check' | 'After' | 'Working' }
  | { kind: 'formulas' }
  | { kind: 'answer' };

const step = fc.constantFrom(...STEPS);
const agent = fc.constantFrom(...AGENTS);
const action = fc.constantFrom('start', 'complete', 'block', 'review', 'reopen', 'skip', 'note');
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('mark' as const), step, mark: fc.constantFrom(' ', '/', 'x', '!', '-', '?') }),
  fc.record({
    kind: fc.constant('claim' as const),
    step,
    holder: fc.constantFrom('Claude', 'Gemini', 'Dana'),
    minutes: fc.constantFrom(10, 30, 600),
  }),
  fc.record({
    kind: fc.constant('drop' as const),
    label: fc.constantFrom('Check' as const, 'After' as const, 'Working' as const),
  }),
  fc.record({ kind: fc.constant('formulas' as const) }),
  fc.record({ kind: fc.constant('answer' as const) }),
);
const call: fc.Arbitrary<Call> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ by: agent, path: fc.constant('action' as const), action, step }) },
  {
    weight: 2,
    arbitrary: fc.record({
      by: agent,
      path: fc.constant('commands' as const),
      actions: fc.array(fc.record({ action, step }), { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      by: agent,
      path: fc.constant('rewrite' as const),
      edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      by: agent,
      path: fc.constant('write' as const),
      step,
      values: fc.constantFrom<Array<Array<number | string>>>(
        [
          [1, 2],
          [3, 4],
        ],
        [
          [1, ''],
          [3, 4],
        ],
        [
          ['x', 2],
          [3, 4],
        ],
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      by: fc.constant('person' as const),
      path: fc.constantFrom('approve' as const, 'release' as const, 'answer' as const),
      step,
    }),
  },
);

/** The spreadsheet's wall clock at minute `minute` of the run (New York, as the emulator's default). */
const wall = (minute: number) => new Date(Date.UTC(2026, 10, 26, 19, minute)).toISOString();

function rewrite(text: string, edits: readonly Edit[], minute: number): string {
  let lines = text.split('\n');
  for (const change of edits) {
    const taskLine = (wanted: string) => lines.findIndex((line) => line.includes(`] ${wanted} `));
    if (change.kind === 'mark') {
      const at = taskLine(change.step);
      if (at >= 0) lines[at] = lines[at].replace(/\[.\]/, `[${change.mark}]`);
    } else if (change.kind === 'claim') {
      const at = taskLine(change.step);
      const until = new Date(Date.UTC(2026, 10, 26, 19 - 5, minute + change.minutes)).toISOString().slice(0, 16);
      if (at >= 0) lines.splice(at + 1, 0, `  - Working: ${change.holder} until ${until.replace('T', ' ')}`);
    } else if (change.kind === 'drop') {
      const at = lines.findIndex((line) => line.trim().startsWith(`- ${change.label}:`));
      if (at >= 0) lines.splice(at, 1);
    } else if (change.kind === 'formulas') {
      lines = lines.map((line) => (line === '- Target ranges:' ? '- Formulas: allowed\n- Target ranges:' : line));
    } else {
      lines = lines.map((line) => (line === '1. Net or gross?' ? '1. Net or gross?\n   Answer: gross' : line));
    }
  }
  return lines.join('\n');
}

interface World {
  spreadsheet: EmulatedSpreadsheet;
  token: string;
  keys: Record<AgentName, string>;
  /** The approved content as the person last approved it. */
  approved: string;
  /** Lines the person's decisions and answers wrote (not the status line), which must stay findable. */
  personWords: string[];
}

function world(): World {
  const { spreadsheet, token, claude, gemini } = stockSheet();
  const text = planText(spreadsheet);
  return {
    spreadsheet,
    token,
    keys: { Claude: claude, Gemini: gemini },
    approved: approvedContent(outlinePlan(text)),
    personWords: [],
  };
}

function attempt(work: () => unknown): void {
  try {
    work();
  } catch {
    // A refusal is an answer: the properties below hold either way.
  }
}

function perform(w: World, next: Call, minute: number): void {
  const now = () => new Date(wall(minute));
  if (next.by === 'person') {
    const before = planText(w.spreadsheet).split('\n');
    if (next.path === 'approve') attempt(() => approveAsPerson(w.spreadsheet, w.token));
    if (next.path === 'release')
      attempt(() => callAsPerson(w.spreadsheet, w.token, 'sidebarReleaseClaim', next.step, null));
    if (next.path === 'answer')
      attempt(() => callAsPerson(w.spreadsheet, w.token, 'sidebarAnswerQuestion', 1, `answer ${minute}`, null));
    const added = planText(w.spreadsheet)
      .split('\n')
      .filter((line) => !before.includes(line) && line.trim() && !/^\s*(\*\*)?Status:/.test(line));
    // The person may change their own words (a new answer for the old); only an agent's change is held to them.
    const everything = JSON.stringify(w.spreadsheet.toJSON());
    w.personWords = w.personWords.filter((words) => everything.includes(JSON.stringify(words).slice(1, -1)));
    w.personWords.push(...added.map((line) => line.trim()));
    if (outlinePlan(planText(w.spreadsheet)).status === 'approved')
      w.approved = approvedContent(outlinePlan(planText(w.spreadsheet)));
    return;
  }
  const key = w.keys[next.by];
  const call = (name: string, args: Record<string, unknown>) =>
    attempt(() => tool(w.spreadsheet, key, name, args, now));
  if (next.path === 'action') {
    const tools: Record<string, string> = {
      start: 'start_task',
      complete: 'complete_task',
      block: 'block_task',
      review: 'review_task',
      reopen: 'reopen_task',
      skip: 'skip_task',
      note: 'set_task_note',
    };
    const text = ['block', 'skip'].includes(next.action)
      ? { reason: 'why' }
      : next.action === 'review'
        ? { note: 'look' }
        : next.action === 'note'
          ? { note: 'n' }
          : {};
    call(tools[next.action], { step: next.step, ...text });
  } else if (next.path === 'commands') {
    call('apply_commands', {
      commands: next.actions.map((command) => ({
        ...command,
        ...(['block', 'skip'].includes(command.action)
          ? { text: 'why' }
          : command.action === 'review'
            ? { text: 'look' }
            : {}),
      })),
    });
  } else if (next.path === 'rewrite') {
    const text = planText(w.spreadsheet);
    attempt(() => {
      const { revision } = JSON.parse(tool(w.spreadsheet, key, 'get_plan', { view: 'full' }, now)) as {
        revision: number;
      };
      tool(w.spreadsheet, key, 'replace_plan', { markdown: rewrite(text, next.edits, minute), base: revision }, now);
    });
  } else {
    call('write_range', { a1: 'Summary!B3:C4', values: next.values, step: next.step });
  }
}

/** The Summary cells 1.1's check reads all hold numbers. */
function checkPasses(spreadsheet: EmulatedSpreadsheet): boolean {
  return ['B3', 'C3', 'B4', 'C4'].every((cell) => typeof spreadsheet.cell(`Summary!${cell}`) === 'number');
}

const statusOf = (outline: PlanOutline, wanted: string) => outline.tasks.find((task) => task.step === wanted)?.status;

function requireProperties(w: World, before: PlanOutline, after: PlanOutline, by: Call['by'], minute: number): void {
  const agentDid = by !== 'person';
  // Done only through the done gate.
  if (agentDid && statusOf(after, '1.1') === 'done' && statusOf(before, '1.1') !== 'done')
    expect(checkPasses(w.spreadsheet)).toBe(true);
  // A waiting task does not move into work.
  const working = (outline: PlanOutline) => ['doing', 'done'].includes(statusOf(outline, '1.2') ?? '');
  if (agentDid && working(after) && !working(before)) expect(['done', 'skipped']).toContain(statusOf(after, '1.1'));
  // Claims change only by their holder (start, renewal) or a person.
  if (agentDid) {
    const now = wall(minute).slice(0, 16).replace('T', ' ');
    const list = (outline: PlanOutline) =>
      [...taskClaims(outline).values()].flat().map((claim) => `${claim.holder}|${claim.until}`);
    const [was, is] = [list(before), list(after)];
    for (const claim of is.filter((c) => !was.includes(c))) expect(claim.split('|')[0]).toBe(by);
    for (const claim of [...taskClaims(before).values()].flat()) {
      const gone = !is.includes(`${claim.holder}|${claim.until}`);
      if (gone && claim.holder !== by) expect(isActive(claim, now) && claim.until! <= now).toBe(false);
    }
  }
  // Approved content holds while the plan reads approved.
  if (after.status === 'approved') expect(approvedContent(after)).toBe(w.approved);
  // Nothing the person wrote is gone.
  const everything = JSON.stringify(w.spreadsheet.toJSON());
  for (const words of w.personWords) expect(everything.includes(JSON.stringify(words).slice(1, -1))).toBe(true);
}

test('the rules hold after every step of random sequences over every path, by two agents and a person', () => {
  fc.assert(
    fc.property(fc.array(call, { minLength: 4, maxLength: 12 }), (calls) => {
      const w = world();
      calls.forEach((next, index) => {
        const minute = index * 7;
        const before = outlinePlan(planText(w.spreadsheet));
        perform(w, next, minute);
        requireProperties(w, before, outlinePlan(planText(w.spreadsheet)), next.by, minute);
      });
    }),
    { seed: 20261128, numRuns: 40 },
  );
});

test('the sequences reach what the rules are about: done tasks, claims, drafts and refusals', () => {
  // A property that never meets its subject proves nothing: one scripted walk through the same paths reaches each.
  const w = world();
  perform(w, { by: 'Claude', path: 'action', action: 'start', step: '1.1' }, 0);
  perform(
    w,
    {
      by: 'Claude',
      path: 'write',
      step: '1.1',
      values: [
        [1, 2],
        [3, 4],
      ],
    },
    1,
  );
  perform(w, { by: 'Gemini', path: 'rewrite', edits: [{ kind: 'mark', step: '1.1', mark: 'x' }] }, 2);
  expect(statusOf(outlinePlan(planText(w.spreadsheet)), '1.1')).toBe('doing');
  perform(w, { by: 'Claude', path: 'action', action: 'complete', step: '1.1' }, 3);
  expect(statusOf(outlinePlan(planText(w.spreadsheet)), '1.1')).toBe('done');
  perform(w, { by: 'Gemini', path: 'rewrite', edits: [{ kind: 'drop', label: 'After' }] }, 4);
  expect(outlinePlan(planText(w.spreadsheet)).status).toBe('draft');
  personEdits(w.spreadsheet, PLAN, planText(w.spreadsheet));
});
