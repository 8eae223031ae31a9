/**
 * Many hands on one plan at once, through the local server as Google would see them: `agents` agents
 * calling scripts.run and a person in the sidebar (google.script.run, POST /gas/run) change different
 * tasks of one plan at the same moment, round after round, while the person also saves an edit of
 * the whole document (which answers CONFLICT when the plan moved under it). Executions run at the
 * same time (the emulator's ExecutionPool) and wait for the lock for real.
 *
 * What must hold, and is counted: every change either survives or is answered BUSY or CONFLICT (and
 * then left nothing behind); no two changes were written over the same revision; the history holds
 * only versions the plan really had; no lock is left held. An execution refused by Google's limit of
 * simultaneous executions per user (HTTP 429: nothing ran) is retried, as a client should.
 *
 * Used by test/server/concurrent-load.test.ts (which asserts) and bench/run.ts (which reports).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PLAN_LOCATION, cellReference } from '../src/apps-script/plan-location';
import { parsePlan } from '../src/core';
import { EmulatedSpreadsheet } from '../src/node/emulator';
import { SECRET_HEADER } from '../src/node/server/local-only';
import { startServer } from '../src/node/server/main';
import { secretFromPage } from '../src/node/server/page-parts/script-run-shim';
import { sessionFromPage } from '../sidebar/src/protocol';
import { withApprovalOff } from './approval-off';

export interface LoadOptions {
  distDir: string;
  /** Default 30: as many as one user may run at once in Google. */
  agents?: number;
  /** Default 4: start, note, complete, reopen. */
  rounds?: number;
  /** Milliseconds each service call takes (the emulator's PoolOptions.serviceLatencyMs); default 0. */
  serviceLatencyMs?: number;
  /** Ask a change answered BUSY again, as an agent told "try again in a moment" does; default false (counted only). */
  retryBusy?: boolean;
}

export interface LoadFigures {
  agents: number;
  rounds: number;
  /** Changes asked for (agents' task changes, the person's task changes and whole-document saves). */
  changes: number;
  /** Executions the server ran (changes, retries after CONFLICT, reads). */
  executions: number;
  survived: number;
  busy: number;
  conflicts: number;
  /** Calls refused before running by the limit of simultaneous executions, then retried. */
  refusedByLimit: number;
  /** Changes answered as written whose effect is missing, or written over a revision another change also wrote. */
  lostUpdates: number;
  /** Changes answered BUSY or CONFLICT that left something behind anyway. */
  refusedButWritten: number;
  historyVersions: number;
  /** History entries whose text the plan never had at that revision. */
  untrueVersions: number;
  locksLeftHeld: string[];
  /** Anything else an execution answered (must be none). */
  unexpected: string[];
  peakConcurrent: number;
  lockWaits: number;
  longestLockWaitMs: number;
  durationMs: number;
  /** BUSY answers that were asked again (retryBusy). */
  busyRetried: number;
  /** Milliseconds each service call took. */
  serviceLatencyMs: number;
}

const ACTIONS = ['start', 'note', 'complete', 'reopen'] as const;
type Action = (typeof ACTIONS)[number];
const API_FUNCTIONS: Record<Action, string> = {
  start: 'startTask',
  note: 'setTaskNote',
  complete: 'completeTask',
  reopen: 'reopenTask',
};

/** Phases of eight tasks, enough for every agent and the person. */
function loadPlan(tasks: number): string {
  const lines = ['# Plan: Load test', '', 'Goal: Many hands on one plan at once', ''];
  for (let phase = 1; phase <= Math.ceil(tasks / 8); phase++) {
    lines.push(`### Phase ${phase}: Part ${phase}`);
    for (let task = 1; task <= 8; task++) lines.push(`- [ ] ${phase}.${task} Work item ${phase}.${task}`);
    lines.push('');
  }
  lines.push('## Notes', '', '- Started.', '');
  return lines.join('\n');
}

function stepOf(index: number): string {
  return `${Math.floor(index / 8) + 1}.${(index % 8) + 1}`;
}

interface TaskState {
  status: string;
  note: string;
}

function tasksOf(markdown: string): Map<string, TaskState> {
  const tasks = new Map<string, TaskState>();
  for (const phase of parsePlan(markdown).phases) {
    for (const task of phase.tasks) tasks.set(task.step, { status: task.status, note: task.note ?? '' });
  }
  return tasks;
}

type Answer = { ok: true; value: unknown } | { ok: false; code: string; message: string };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runConcurrentLoad(options: LoadOptions): Promise<LoadFigures> {
  const agents = options.agents ?? 30;
  const rounds = options.rounds ?? 4;
  const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-load-'));
  const stateFile = path.join(folder, 'spreadsheet.json');
  const initial = loadPlan(agents + 1);
  const seeded = new EmulatedSpreadsheet({ name: 'Load', sheets: [PLAN_LOCATION.sheet] });
  seeded.setCellText(cellReference(PLAN_LOCATION.markerCell), PLAN_LOCATION.marker);
  seeded.setCellText(cellReference(PLAN_LOCATION.planCell), initial);
  mkdirSync(folder, { recursive: true });
  // Approval off, as a person would have saved it: the walk measures agents, not approval (a new sheet has it on).
  withApprovalOff(seeded);
  writeFileSync(stateFile, JSON.stringify(seeded.toJSON()));
  const serviceLatencyMs = options.serviceLatencyMs ?? 0;
  const server = await startServer({ port: 0, stateFile, distDir: options.distDir, pool: { serviceLatencyMs } });

  const figures: LoadFigures = {
    agents,
    rounds,
    changes: 0,
    executions: 0,
    survived: 0,
    busy: 0,
    conflicts: 0,
    refusedByLimit: 0,
    lostUpdates: 0,
    refusedButWritten: 0,
    historyVersions: 0,
    untrueVersions: 0,
    locksLeftHeld: [],
    unexpected: [],
    peakConcurrent: 0,
    lockWaits: 0,
    longestLockWaitMs: 0,
    durationMs: 0,
    busyRetried: 0,
    serviceLatencyMs,
  };
  /** Every (revision → text) the plan was seen to have; history entries must be among them. */
  const seen = new Map<number, string>();
  const writtenRevisions: number[] = [];

  /** Retries what the limit of simultaneous executions refused (nothing ran), as a client should. */
  async function call(send: () => Promise<Response>, answer: (response: Response) => Promise<Answer>) {
    for (;;) {
      const response = await send();
      if (response.status !== 429) return answer(response);
      figures.refusedByLimit++;
      await delay(10 + Math.random() * 40);
    }
  }

  const classify = (message: string): Answer => {
    const code = /\b(BUSY|CONFLICT|[A-Z_]{4,}):/.exec(message)?.[1] ?? 'ERROR';
    return { ok: false, code, message };
  };

  /** An agent's call; a BUSY answer is asked again when the options say so (nothing was written). */
  const scriptsRun = async (name: string, parameters: unknown[]): Promise<Answer> => {
    for (;;) {
      const answer = await scriptsRunOnce(name, parameters);
      if (answer.ok || answer.code !== 'BUSY' || !options.retryBusy) return answer;
      figures.busyRetried++;
    }
  };

  const scriptsRunOnce = (name: string, parameters: unknown[]) =>
    call(
      () =>
        fetch(`${server.url}/v1/scripts/local:run`, {
          method: 'POST',
          headers: { authorization: 'Bearer load-test', 'content-type': 'application/json' },
          body: JSON.stringify({ function: name, parameters }),
        }),
      async (response) => {
        const body = (await response.json()) as {
          response?: { result?: unknown };
          error?: { message?: string; details?: Array<{ errorMessage?: string }> };
        };
        if (body.error) return classify(body.error.details?.[0]?.errorMessage ?? body.error.message ?? 'HTTP error');
        return { ok: true, value: body.response?.result ?? null };
      },
    );

  const started = performance.now();
  try {
    const page = await (await fetch(`${server.url}/sidebar`)).text();
    const token = sessionFromPage(page)?.token;
    const secret = secretFromPage(page);
    if (!token || !secret) throw new Error('The sidebar page holds no person token or secret');
    const sidebarRun = (name: string, args: unknown[]) =>
      call(
        () =>
          fetch(`${server.url}/gas/run`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [SECRET_HEADER]: secret },
            body: JSON.stringify({ functionName: name, args: [token, ...args] }),
          }),
        async (response) => {
          const outcome = (await response.json()) as { result?: unknown; error?: { message: string } };
          return outcome.error ? classify(outcome.error.message) : { ok: true, value: outcome.result };
        },
      );

    // The plan as typed into the cell: the first change keeps it in the history (a version a person wrote).
    const typed = await scriptsRun('getPlan', []);
    if (!typed.ok) throw new Error(`getPlan failed: ${typed.message}`);
    const first = typed.value as { raw: string; revision: number };
    seen.set(first.revision, first.raw);
    const personStep = stepOf(agents);
    let before = tasksOf(initial);
    for (let round = 0; round < rounds; round++) {
      const action = ACTIONS[round % ACTIONS.length];
      const note = (who: string) => (action === 'note' ? `round ${round + 1} note by ${who}` : undefined);
      const expected = new Map<string, TaskState>();
      const refused = new Set<string>();

      const record = (step: string, answer: Answer, state: () => TaskState, revision: () => number) => {
        figures.changes++;
        if (answer.ok) {
          figures.survived++;
          expected.set(step, state());
          writtenRevisions.push(revision());
        } else if (answer.code === 'BUSY' || answer.code === 'CONFLICT') {
          figures[answer.code === 'BUSY' ? 'busy' : 'conflicts']++;
          refused.add(step);
        } else figures.unexpected.push(`${step} ${action}: ${answer.message}`);
      };

      const agentChanges = Array.from({ length: agents }, async (_, index) => {
        const step = stepOf(index);
        const text = note(`agent ${index + 1}`);
        const answer = await scriptsRun(API_FUNCTIONS[action], text === undefined ? [step] : [step, text]);
        const task = answer.ok ? (answer.value as { status: string; note?: string; revision: number }) : null;
        record(
          step,
          answer,
          () => ({ status: task!.status, note: task!.note ?? '' }),
          () => task!.revision,
        );
      });

      const personTaskChange = (async () => {
        const text = note('the person');
        const answer = await sidebarRun('sidebarTaskAction', [action, personStep, text ?? null]);
        const view = answer.ok ? (answer.value as { markdown: string; revision: number }) : null;
        if (view) seen.set(view.revision, view.markdown);
        record(
          personStep,
          answer,
          () => tasksOf(view!.markdown).get(personStep)!,
          () => view!.revision,
        );
      })();

      // The person edits the whole document (a line in Notes) and saves it against the plan they loaded;
      // on CONFLICT or BUSY they reload and apply the edit again, up to three times.
      const line = `- Round ${round + 1}: the person's note.`;
      let editSaved = false;
      const personEdit = (async () => {
        for (let attempt = 1; attempt <= 3; attempt++) {
          const loaded = await sidebarRun('sidebarLoad', []);
          if (!loaded.ok) return figures.unexpected.push(`sidebarLoad: ${loaded.message}`);
          const view = loaded.value as { markdown: string; revision: number; stamp: string };
          seen.set(view.revision, view.markdown);
          const edited = view.markdown.replace('- Started.\n', `- Started.\n${line}\n`);
          const saved = await sidebarRun('sidebarReplacePlan', [edited, view.revision, view.stamp]);
          figures.changes++;
          if (saved.ok) {
            figures.survived++;
            const after = saved.value as { markdown: string; revision: number };
            seen.set(after.revision, after.markdown);
            writtenRevisions.push(after.revision);
            editSaved = true;
            return;
          }
          // BUSY (the lock waited for too long, nothing written) is tried again as a CONFLICT is.
          if (saved.code !== 'CONFLICT' && saved.code !== 'BUSY')
            return figures.unexpected.push(`sidebarReplacePlan: ${saved.message}`);
          figures[saved.code === 'BUSY' ? 'busy' : 'conflicts']++;
        }
      })();

      await Promise.all([...agentChanges, personTaskChange, personEdit]);

      const now = await scriptsRun('getPlan', []);
      if (!now.ok) throw new Error(`getPlan failed: ${now.message}`);
      const plan = now.value as { raw: string; revision: number };
      seen.set(plan.revision, plan.raw);
      const after = tasksOf(plan.raw);
      for (const [step, state] of expected) {
        const actual = after.get(step);
        if (actual?.status !== state.status || actual.note !== state.note) figures.lostUpdates++;
      }
      for (const step of refused) {
        const actual = after.get(step);
        const previous = before.get(step);
        if (actual?.status !== previous?.status || actual?.note !== previous?.note) figures.refusedButWritten++;
      }
      if (editSaved && !plan.raw.includes(line)) figures.lostUpdates++;
      before = after;
    }

    // Two changes written over the same revision: one of them overwrote the other.
    figures.lostUpdates += writtenRevisions.length - new Set(writtenRevisions).size;

    const history = await sidebarRun('sidebarHistory', []);
    if (!history.ok) throw new Error(`sidebarHistory failed: ${history.message}`);
    const versions = history.value as Array<{ revision: number; text?: string }>;
    figures.historyVersions = versions.length;
    figures.untrueVersions = versions.filter((version) => seen.get(version.revision) !== version.text).length;
  } finally {
    figures.durationMs = Math.round(performance.now() - started);
    const locks = server.spreadsheet.locks;
    figures.locksLeftHeld = [...locks.inUse().held, ...locks.inUse().awaited];
    const pool = server.pool.statistics();
    figures.executions = pool.executions;
    figures.peakConcurrent = pool.peakConcurrent;
    figures.lockWaits = locks.statistics().waits;
    figures.longestLockWaitMs = locks.statistics().longestWaitMs;
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return figures;
}

/** The benchmark's section: the load test's figures as a table. */
export function loadSection(figures: LoadFigures): string {
  const held = figures.locksLeftHeld.length ? figures.locksLeftHeld.join(', ') : 'none';
  const rows: Array<[string, string | number]> = [
    ['changes asked for (agents and person, every round)', figures.changes],
    ['executions run by the server (changes, reloads, reads)', figures.executions],
    ['survived', figures.survived],
    ['answered BUSY (nothing written)', figures.busy],
    ['answered CONFLICT (nothing written)', figures.conflicts],
    ['refused by the 30-executions-per-user limit, then retried', figures.refusedByLimit],
    ['**lost updates** (target: 0)', `**${figures.lostUpdates}**`],
    ['refused changes that wrote anyway (target: 0)', figures.refusedButWritten],
    ['history versions / untrue ones (target: 0)', `${figures.historyVersions} / ${figures.untrueVersions}`],
    ['locks left held', held],
    ['most executions running at once', figures.peakConcurrent],
    ['lock waits / longest wait', `${figures.lockWaits} / ${figures.longestLockWaitMs} ms`],
    ['wall time', `${(figures.durationMs / 1000).toFixed(1)} s`],
  ];
  const met = figures.lostUpdates === 0 && figures.refusedButWritten === 0 && figures.untrueVersions === 0;
  return [
    '## Many hands at once: the concurrent load test',
    '',
    `${figures.agents} agents (scripts.run) and a person in the sidebar (google.script.run) change different tasks ` +
      `of one plan at the same moment, ${figures.rounds} rounds (start, note, complete, reopen), while the person ` +
      'also saves an edit of the whole document against the revision they loaded. The local server runs the ' +
      'executions at once, each script on its own thread, and LockService waits for real ' +
      '(bench/concurrent-load.ts; test/server/concurrent-load.test.ts asserts the targets).',
    '',
    '| figure | value |',
    '|---|---|',
    ...rows.map(([label, value]) => `| ${label} | ${value} |`),
    '',
    `Target — every change survives or is answered BUSY/CONFLICT with nothing written, no lost update, only true ` +
      `versions in the history, no lock left held: **${met && held === 'none' ? 'met' : 'NOT met'}**.`,
  ].join('\n');
}
