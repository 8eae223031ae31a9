/**
 * Two agents, two keys, one plan: each agent walks the same 10-task plan (with `- After:` dependencies) at the same
 * time through the local server's web app (MCP over HTTP, `…/exec?key=…`), whose executions run at once on the
 * emulator's worker threads. Each loops: get_next_task, start_task, complete_task; after each start it also tries to
 * complete the task the other agent holds, which its claim must refuse.
 *
 * What must hold, and is counted: no task started twice, none completed by the agent that did not start it, every
 * task started only after the steps it waits for were done (by revision), every task done at the end and no Working
 * line left.
 *
 * Used by test/server/two-agent-walk.test.ts (which asserts) and bench/run.ts (which reports).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PLAN_LOCATION, cellReference } from '../src/apps-script/plan-location';
import { parsePlan } from '../src/core';
import { EmulatedSpreadsheet } from '../src/node/emulator';
import { connectAgentAsPerson } from '../src/node/server/person-calls';
import { startServer } from '../src/node/server/main';
import { withApprovalOff } from './approval-off';

/** Ten tasks in three phases; later ones wait for earlier ones, and 1.3 for 1.4 below it. */
export const WALK_PLAN = [
  '# Plan: Monthly report',
  '',
  'Goal: A report of the month, by two agents',
  '',
  '### Phase 1: Data',
  '- [ ] 1.1 Import the sales',
  '- [ ] 1.2 Import the costs',
  '- [ ] 1.3 Join sales and costs',
  '  - After: 1.1, 1.4',
  '- [ ] 1.4 Clean the costs',
  '  - After: 1.2',
  '',
  '### Phase 2: Figures',
  '- [ ] 2.1 Margin per product',
  '  - After: 1.3',
  '- [ ] 2.2 Totals per month',
  '  - After: 1.3',
  '- [ ] 2.3 Check the totals',
  '  - After: 2.1, 2.2',
  '',
  '### Phase 3: Report',
  '- [ ] 3.1 Write the summary',
  '  - After: 2.3',
  '- [ ] 3.2 Chart the months',
  '  - After: 2.2',
  '- [ ] 3.3 Send it',
  '  - After: 3.1, 3.2',
  '',
].join('\n');

export interface WalkFigures {
  agents: string[];
  tasks: number;
  /** Successful starts, by agent. */
  startedBy: Record<string, number>;
  /** Steps started more than once (target: none). */
  startedTwice: string[];
  /** Steps completed by an agent that did not start them (target: none). */
  completedByOther: string[];
  /** Starts before a step the task waits for was done (target: none). */
  dependencyViolations: string[];
  /** Tries to complete the other agent's task: refused with CLAIMED, and let through (target: 0). */
  poachesRefused: number;
  poachesLetThrough: number;
  /** Refusals of the walk's own calls, by code (BUSY, CLAIMED, INVALID_TRANSITION, WAITING…): expected under races. */
  refusals: Record<string, number>;
  /** Calls made, in all. */
  calls: number;
  doneAtEnd: number;
  workingLinesLeft: number;
  /** Anything else (must be none). */
  unexpected: string[];
  peakConcurrent: number;
  durationMs: number;
}

type ToolAnswer = { ok: true; value: Record<string, unknown> } | { ok: false; code: string; message: string };

/** How long an agent works on a task between starting and completing it. */
const WORK_MS = 60;
/** How much longer a task's work may last while neither agent has yet tried to complete a task the other holds. */
const POACH_WAIT_MS = 5000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One MCP tool call through the agent's URL, as Google serves it (a POST answered by a 302 to a GET). */
async function callTool(url: string, name: string, args: Record<string, unknown>): Promise<ToolAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await response.text();
  let body: { result?: { isError?: boolean; content: Array<{ text: string }> }; error?: { message: string } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return { ok: false, code: 'PAGE', message: text.slice(0, 300) };
  }
  if (body.error) return { ok: false, code: 'RPC', message: body.error.message };
  const result = body.result!;
  const said = result.content[0]?.text ?? '';
  if (result.isError) return { ok: false, code: /^([A-Z_]{4,}):/.exec(said)?.[1] ?? 'ERROR', message: said };
  return { ok: true, value: JSON.parse(said) as Record<string, unknown> };
}

export async function runTwoAgentWalk(options: { distDir: string; agents?: string[] }): Promise<WalkFigures> {
  const names = options.agents ?? ['Agent A', 'Agent B'];
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-walk-'));
  const stateFile = path.join(folder, 'spreadsheet.json');
  const seeded = new EmulatedSpreadsheet({ name: 'Walk', sheets: [PLAN_LOCATION.sheet] });
  seeded.setCellText(cellReference(PLAN_LOCATION.markerCell), PLAN_LOCATION.marker);
  seeded.setCellText(cellReference(PLAN_LOCATION.planCell), WALK_PLAN);
  // Approval off, as a person would have saved it: the walk measures agents, not approval (a new sheet has it on).
  withApprovalOff(seeded);
  writeFileSync(stateFile, JSON.stringify(seeded.toJSON()));
  const server = await startServer({ port: 0, stateFile, distDir: options.distDir });

  const waitsFor = new Map<string, string[]>();
  for (const phase of parsePlan(WALK_PLAN).phases)
    for (const task of phase.tasks) waitsFor.set(task.step, task.waitsFor ?? []);
  const figures: WalkFigures = {
    agents: names,
    tasks: waitsFor.size,
    startedBy: Object.fromEntries(names.map((name) => [name, 0])),
    startedTwice: [],
    completedByOther: [],
    dependencyViolations: [],
    poachesRefused: 0,
    poachesLetThrough: 0,
    refusals: {},
    calls: 0,
    doneAtEnd: 0,
    workingLinesLeft: 0,
    unexpected: [],
    peakConcurrent: 0,
    durationMs: 0,
  };
  const starter = new Map<string, string>();
  const doneAt = new Map<string, number>();
  /** The revision each start wrote, checked against its dependencies' completions once the walk is over. */
  const startedAt = new Map<string, number>();
  /** The task each agent holds now. */
  const holding = new Map<string, string>();
  /** The other agent's tasks each agent tried to complete ("name step"): one try each. */
  const poached = new Set<string>();

  const started = performance.now();
  try {
    const urls: string[] = [];
    for (const name of names) urls.push(await connectAgentAsPerson(server.url, name));

    const tool = async (url: string, name: string, args: Record<string, unknown>) => {
      for (;;) {
        figures.calls++;
        const answer = await callTool(url, name, args);
        // BUSY: another execution held the lock; the call wrote nothing, so it is sent again.
        if (answer.ok || answer.code !== 'BUSY') return answer;
        figures.refusals.BUSY = (figures.refusals.BUSY ?? 0) + 1;
        await delay(5 + Math.random() * 20);
      }
    };
    const refused = (answer: ToolAnswer & { ok: false }) => {
      figures.refusals[answer.code] = (figures.refusals[answer.code] ?? 0) + 1;
    };

    const walk = async (name: string, url: string) => {
      const other = names.find((candidate) => candidate !== name)!;
      for (let turn = 0; turn < 400 && doneAt.size < waitsFor.size; turn++) {
        const next = await tool(url, 'get_next_task', {});
        if (!next.ok) return figures.unexpected.push(`${name} get_next_task: ${next.message}`);
        const step = next.value.step as string | undefined;
        if (!step) {
          await delay(10); // everything left waits for the other agent's task
          continue;
        }
        const start = await tool(url, 'start_task', { step });
        if (!start.ok) {
          // The other agent started it first (CLAIMED), or it is no longer todo or waits again: take the next.
          if (['CLAIMED', 'INVALID_TRANSITION', 'WAITING'].includes(start.code)) refused(start);
          else figures.unexpected.push(`${name} start_task ${step}: ${start.message}`);
          continue;
        }
        const startRevision = start.value.revision as number;
        if (starter.has(step)) figures.startedTwice.push(step);
        starter.set(step, name);
        holding.set(name, step);
        figures.startedBy[name]++;
        startedAt.set(step, startRevision);
        // The task's work. Meanwhile the other agent's task is its own: completing it must be refused while the claim
        // lasts. Until one such try was refused, the work lasts a little longer (at most POACH_WAIT_MS), so that the
        // two agents hold tasks at the same time at least once however the machine schedules them.
        const workEnds = performance.now() + WORK_MS;
        while (
          performance.now() < workEnds ||
          (figures.poachesRefused === 0 && performance.now() < workEnds + POACH_WAIT_MS)
        ) {
          const theirs = holding.get(other);
          if (theirs && !doneAt.has(theirs) && !poached.has(`${name} ${theirs}`)) {
            poached.add(`${name} ${theirs}`);
            const poach = await tool(url, 'complete_task', { step: theirs });
            if (poach.ok) {
              figures.poachesLetThrough++;
              figures.completedByOther.push(theirs);
              doneAt.set(theirs, poach.value.revision as number);
            } else if (poach.code === 'CLAIMED') figures.poachesRefused++;
            else refused(poach); // done meanwhile (INVALID_TRANSITION)
          }
          await delay(5);
        }
        const complete = await tool(url, 'complete_task', { step });
        if (!complete.ok) {
          figures.unexpected.push(`${name} complete_task ${step}: ${complete.message}`);
          continue;
        }
        if (starter.get(step) !== name) figures.completedByOther.push(step);
        doneAt.set(step, complete.value.revision as number);
        holding.delete(name);
      }
    };
    await Promise.all(names.map((name, index) => walk(name, urls[index])));
    for (const [step, revision] of startedAt) {
      for (const dependency of waitsFor.get(step) ?? []) {
        const finished = doneAt.get(dependency);
        if (finished === undefined || finished >= revision)
          figures.dependencyViolations.push(`${step} ← ${dependency}`);
      }
    }

    const plan = parsePlan(String(server.spreadsheet.cell(cellReference(PLAN_LOCATION.planCell)) ?? ''));
    figures.doneAtEnd = plan.progress.done;
    figures.workingLinesLeft = (plan.raw.match(/^\s*- Working:/gm) ?? []).length;
  } finally {
    figures.durationMs = Math.round(performance.now() - started);
    figures.peakConcurrent = server.pool.statistics().peakConcurrent;
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return figures;
}

/** The benchmark's section: the walk's figures as a table. */
export function walkSection(figures: WalkFigures): string {
  const list = (items: string[]) => (items.length ? items.join(', ') : 'none');
  const refusals = Object.entries(figures.refusals)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  const rows: Array<[string, string | number]> = [
    ['tasks started, by agent', names(figures.startedBy)],
    ['**tasks started twice** (target: none)', `**${list(figures.startedTwice)}**`],
    ['**tasks completed by the other agent** (target: none)', `**${list(figures.completedByOther)}**`],
    ['**starts before a dependency was done** (target: none)', `**${list(figures.dependencyViolations)}**`],
    [
      "completing the other agent's task: refused CLAIMED / let through",
      `${figures.poachesRefused} / ${figures.poachesLetThrough}`,
    ],
    ["refusals of the walk's own calls (races, answered and retried)", refusals || 'none'],
    ['calls made', figures.calls],
    [
      'tasks done at the end / Working lines left',
      `${figures.doneAtEnd} of ${figures.tasks} / ${figures.workingLinesLeft}`,
    ],
    ['most executions running at once', figures.peakConcurrent],
    ['wall time', `${(figures.durationMs / 1000).toFixed(1)} s`],
  ];
  const met =
    !figures.startedTwice.length &&
    !figures.completedByOther.length &&
    !figures.dependencyViolations.length &&
    figures.poachesLetThrough === 0 &&
    figures.doneAtEnd === figures.tasks &&
    figures.workingLinesLeft === 0 &&
    !figures.unexpected.length;
  return [
    '## Two agents, one plan: claims and dependencies',
    '',
    `${figures.agents.length} agents, each with its own key, walk the same ${figures.tasks}-task plan (with ` +
      '`- After:` dependencies) at the same time through the local web app (MCP over HTTP), whose executions run ' +
      'at once on worker threads: get_next_task, start_task, complete_task, and after each start a try at ' +
      "completing the other agent's task (bench/two-agent-walk.ts; test/server/two-agent-walk.test.ts asserts it).",
    '',
    '| figure | value |',
    '|---|---|',
    ...rows.map(([label, value]) => `| ${label} | ${value} |`),
    '',
    `Target — no task started twice, none completed by the other agent, every dependency done first, every task ` +
      `done and no claim left: **${met ? 'met' : 'NOT met'}**.`,
  ].join('\n');
}

function names(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
}
