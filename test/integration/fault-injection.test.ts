/**
 * An error means nothing was written. Every function that changes the plan (from the API descriptor: the agent's, the
 * sidebar's, the menu's and the onEdit trigger) is run once cleanly, then once per service call it made with that call
 * failing. Whichever call fails — the lock, the active spreadsheet, a read, the history, the plan write, the flush
 * that commits them, releasing the lock — the outcome is either an error with the spreadsheet byte for byte as it
 * was (cells, history, the last recorded plan), or success with the spreadsheet exactly as the clean run left it.
 * initPlan never errors: it answers the spec's recovery plan, having written nothing.
 */
import { API_FUNCTIONS, type ApiFunctionSpec } from '../../src/core/api/api-functions';
import { EmulatedSpreadsheet, runWebApp, webAppEvent } from '../../src/node/emulator';
import {
  MARKER,
  PLAN_SHEET,
  REVISION,
  call,
  callAsPerson,
  DIST,
  execute,
  openedSheet,
  openSidebar,
  PLAN,
  plan,
  planText,
  sheetWithPlan,
  sheetWithSavedPlan,
  snapshot,
  type Context,
} from './harness';
import { sheetWork, sheetWorkWritten, tookOutAboveAWriter, wroteBelowATodo } from './fault-fixtures';

const ORIGINAL = plan(
  '# Plan: Original',
  '',
  'Goal: Survive faults',
  '',
  '## Questions for User',
  '',
  '- Which sheet?',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 First',
  '- [ ] 1.2 Second',
  '- [!] 1.3 Check — totals right?',
  '',
);
const FINISHED = ORIGINAL.replace(/- \[[ !]\] (\d\.\d) (\w+).*/g, '- [x] $1 $2');
const NOW = () => new Date('2026-03-14T10:00:00Z');
const recoveryPlan = (result: unknown) => (result as { title?: string } | undefined)?.title === 'Initialization Error';
type Execution = Parameters<Exclude<Parameters<typeof execute>[2], unknown[] | undefined>>[0];

interface Scenario {
  label: string;
  setup: () => EmulatedSpreadsheet;
  args?: (spreadsheet: EmulatedSpreadsheet) => unknown[] | ((execution: Execution) => unknown[]);
  context?: Context;
  /** Tells a failure answered without an error (initPlan's recovery plan, the menu's alert) from success. */
  recovered?: (result: unknown, execution: Execution) => boolean;
  /** Never answers a service failure with an error (initPlan: the spec's recovery case). */
  neverFails?: boolean;
  /** What of the spreadsheet a failed call must leave byte for byte (default: all of it). */
  unchanged?: (state: string) => string;
  /**
   * The call that hands over the answer once the work is done (doPost's TextOutput.setContent, after every tool has
   * run): failing, the script ends in an error with the change made, as the clean run made it.
   */
  answerAfterTheWork?: string;
}

const saved = () => sheetWithSavedPlan(ORIGINAL);
/** A checklist as people write it (no step numbers, a plain section): adoptFormat rewrites it. */
const CHECKLIST =
  '# Plan: Month end\n\nGoal: Close January\n\n## Tasks\n- [x] Export the ledger\n- [ ] Reconcile the bank\n';
const typed = () => sheetWithPlan(ORIGINAL);
const empty = () => openedSheet({ sheets: ['Sheet1'] });
/** A person's AGENT_BASE sheet, not set up: its C1, D1 and D2 go to the history with the set-up. */
const personsSheet = () => {
  const spreadsheet = openedSheet({ sheets: ['Sheet1', PLAN_SHEET] });
  spreadsheet.setCellText(MARKER, 'Budget 2026');
  spreadsheet.setCellText(REVISION, 'Ana, until March');
  return spreadsheet;
};
const withHistory = () => {
  const spreadsheet = saved();
  call(spreadsheet, 'replacePlan', ORIGINAL.replace('Second', 'Second, reworded'), call(spreadsheet, 'getPlan').stamp);
  return spreadsheet;
};
const savedRevision = (spreadsheet: EmulatedSpreadsheet) => call(spreadsheet, 'getHistory', 1)[0].revision;

/** A person opened the sidebar: its token is in the cache. */
const tokens = new WeakMap<EmulatedSpreadsheet, string>();
function withSidebar(setup: () => EmulatedSpreadsheet) {
  return () => {
    const spreadsheet = setup();
    tokens.set(spreadsheet, openSidebar(spreadsheet));
    return spreadsheet;
  };
}
const token = (spreadsheet: EmulatedSpreadsheet) => tokens.get(spreadsheet)!;

/**
 * An agent connected through the web app: the sheet is deployed, a person made the agent's key in the sidebar. The
 * key (made once: copiesOf runs the set-up once) is what the agent's URL carries.
 */
const agentKeys = new WeakMap<EmulatedSpreadsheet, string>();
const connectedAgent = () => {
  const spreadsheet = saved();
  spreadsheet.webAppUrl = 'https://script.google.com/macros/s/AKfy-deployment/exec';
  runWebApp(spreadsheet, DIST, { method: 'GET' }); // opened once: Sheet Plan learns its address (web-app-url.ts)
  agentKeys.set(spreadsheet, callAsPerson(spreadsheet, openSidebar(spreadsheet), 'sidebarConnectAgent', 'Claude').key);
  return spreadsheet;
};
/** An agent's JSON-RPC message, POSTed to the web app with its key. */
const posted = (spreadsheet: EmulatedSpreadsheet, message: unknown) => ({
  method: 'POST' as const,
  queryString: `key=${encodeURIComponent(agentKeys.get(spreadsheet)!)}`,
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...(message as object) }),
  contentType: 'application/json',
});
const toolCallPosted = (name: string, args: Record<string, unknown>) => (spreadsheet: EmulatedSpreadsheet) => [
  webAppEvent(posted(spreadsheet, { method: 'tools/call', params: { name, arguments: args } })),
];
/** The same agent pinged half a minute ago: its last use is fresh, so this call records none (agent-keys.ts). */
const recentlyUsedAgent = () => {
  const spreadsheet = connectedAgent();
  runWebApp(spreadsheet, DIST, posted(spreadsheet, { method: 'ping' }), {
    now: () => new Date(NOW().getTime() - 30_000),
  });
  return spreadsheet;
};
/**
 * The key's use is recorded when the key is checked, before the tool runs: a call that then fails still used the
 * key. Everything else must be as it was.
 */
const withoutLastUse = (state: string) => state.replace(/\\"lastUsed\\":[^,}]*/g, '<last use>');
/** doPost answers every failure in its JSON (a web app always answers 200): a tool error naming the fault. */
const answeredWithServiceError = (result: unknown) => {
  const { content } = result as { content: string };
  const answer = JSON.parse(content) as { error?: unknown; result?: { isError?: boolean } };
  return Boolean(answer.error ?? answer.result?.isError) && /Service error: Spreadsheets/.test(content);
};

/** A person has typed over the plan; onEdit is what runs (and may fail). */
function typedOver(): EmulatedSpreadsheet {
  const spreadsheet = saved();
  spreadsheet.setCellText(PLAN, 'Typed over by a person');
  return spreadsheet;
}

/** A person's sidebar call on a plan Sheet Plan wrote. */
const person = (label: string, args: (spreadsheet: EmulatedSpreadsheet) => unknown[]): Scenario => ({
  label,
  setup: withSidebar(saved),
  context: 'ui',
  args,
});

const task = (args: unknown[]): Scenario[] => [
  { label: 'a plan Sheet Plan wrote', setup: saved, args: () => args },
  { label: 'a plan typed into the cell (the first write makes the history sheet)', setup: typed, args: () => args },
];

const MUTATIONS: Record<string, Scenario[]> = {
  initPlan: [
    { label: 'a new spreadsheet', setup: empty, recovered: recoveryPlan, neverFails: true },
    {
      label: 'other text in the cell',
      setup: () => sheetWithPlan('Shopping list', { marker: null }),
      recovered: recoveryPlan,
      neverFails: true,
    },
    { label: "a person's cells on the plan sheet", setup: personsSheet, recovered: recoveryPlan, neverFails: true },
  ],
  createPlan: [
    { label: 'over a plan', setup: saved, args: () => ['New plan', 'Replace it', [{ name: 'W', steps: ['One'] }]] },
    { label: 'on a new spreadsheet', setup: empty, args: () => ['First', 'Begin', [{ name: 'W', steps: ['One'] }]] },
    {
      label: "over a person's cells on the plan sheet",
      setup: personsSheet,
      args: () => ['First', 'Begin', [{ name: 'W', steps: ['One'] }]],
    },
  ].map((scenario) => ({
    ...scenario,
    // Nothing waits for review in a plan an agent replaces.
    setup: () => {
      const spreadsheet = scenario.setup();
      if (planText(spreadsheet)) spreadsheet.setCellText(PLAN, planText(spreadsheet).replace('[!] 1.3', '[ ] 1.3'));
      return spreadsheet;
    },
  })),
  replacePlan: [
    {
      label: 'with the stamp read',
      setup: saved,
      args: (spreadsheet) => [ORIGINAL.replace('Second', 'Second, reworded'), call(spreadsheet, 'getPlan').stamp],
    },
    {
      label: 'a task taken out above one that wrote (its rows move)',
      setup: wroteBelowATodo,
      args: (s) => [planText(s).replace('- [ ] 1.1 Prepare\n- [/] 1.2', '- [/] 1.1'), call(s, 'getPlan').stamp],
    },
  ],
  startTask: task(['1.1']),
  completeTask: task(['1.1']),
  advanceTask: task(['1.1']),
  blockTask: task(['1.1', 'waiting for data']),
  reviewTask: task(['1.1', 'check it']),
  skipTask: task(['1.2', 'not needed']),
  reopenTask: [{ label: 'a task in progress', setup: saved, args: () => ['1.1'] }].map((scenario) => ({
    ...scenario,
    setup: () => {
      const spreadsheet = saved();
      call(spreadsheet, 'startTask', '1.1');
      return spreadsheet;
    },
  })),
  setTaskNote: task(['1.2', 'uses column F']),
  startNextTask: task([]),
  applyCommands: task([
    [
      { action: 'start', step: '1.1' },
      { action: 'complete', step: '1.1' },
    ],
  ]),
  restoreRevision: [
    { label: 'a saved version', setup: withHistory, args: (spreadsheet) => [savedRevision(spreadsheet)] },
  ],
  onEdit: [
    {
      label: 'a person took out a task above one that wrote',
      setup: tookOutAboveAWriter,
      context: 'trigger',
      args: (s) => (execution: Execution) => [execution.editEvent('LIMITED', PLAN, { value: planText(s) })],
    },
    {
      label: 'a person typed over the plan',
      setup: typedOver,
      context: 'trigger',
      args: () => (execution: Execution) => [
        execution.editEvent('LIMITED', PLAN, { value: 'Typed over by a person', oldValue: ORIGINAL }),
      ],
    },
  ],
  menuInitializePlan: [
    {
      label: 'a new spreadsheet',
      setup: empty,
      context: 'ui',
      recovered: (_result, execution) => execution.ui.alerts[0]?.title === 'Plan not initialized',
    },
  ],
  sidebarTaskAction: [
    {
      label: 'approve',
      setup: withSidebar(saved),
      context: 'ui',
      args: (spreadsheet) => [token(spreadsheet), 'approve', '1.3', 'looks right'],
    },
  ],
  sidebarAnswerQuestion: [
    {
      label: 'an answer',
      setup: withSidebar(saved),
      context: 'ui',
      args: (spreadsheet) => [token(spreadsheet), 1, 'Sheet1'],
    },
  ],
  sidebarReplacePlan: [
    {
      label: 'an edit of the whole plan',
      setup: withSidebar(saved),
      context: 'ui',
      args: (spreadsheet) => [
        token(spreadsheet),
        ORIGINAL.replace('[!] 1.3', '[x] 1.3'),
        0,
        call(spreadsheet, 'getPlan').stamp,
      ],
    },
  ],
  addTask: task([1, 'Third', { after: '1.1' }]),
  addPhase: task(['More', ['Another']]),
  renameTask: task(['1.1', 'First, renamed']),
  moveTask: task(['1.1', '1.2']),
  removeTask: [
    ...task(['1.1']),
    {
      label: 'a task above one that wrote (its log row and check result move)',
      setup: wroteBelowATodo,
      args: () => ['1.1'],
    },
  ],
  adoptFormat: [
    { label: 'a checklist without step numbers', setup: () => sheetWithSavedPlan(CHECKLIST), args: () => [] },
  ],
  sidebarAdoptFormat: [
    {
      label: 'a checklist without step numbers',
      setup: withSidebar(() => sheetWithSavedPlan(CHECKLIST)),
      context: 'ui',
      args: (spreadsheet) => [token(spreadsheet)],
    },
  ],
  finishPlan: [{ label: 'every task finished', setup: () => sheetWithSavedPlan(FINISHED), args: () => ['All done'] }],
  sidebarApprovePlan: [
    {
      label: 'the plan as the person saw it',
      setup: withSidebar(saved),
      context: 'ui',
      args: (spreadsheet) => [token(spreadsheet), call(spreadsheet, 'getPlan').stamp, 'go'],
    },
  ],
  sidebarRequestPlanChanges: [person('a comment', (s) => [token(s), 'split phase 1'])],
  sidebarSaveSettings: [person('approval first', (s) => [token(s), { approvalRequired: true }])],
  // Sheet work: a write with its log row (the first makes the log sheet), a person's undo, a logged read.
  writeRange: [
    {
      label: 'the first write (it makes the log)',
      setup: sheetWork,
      args: () => ['Sheet1!A1:B1', [['new', 1]], '1.1'],
    },
    { label: 'a later write', setup: sheetWorkWritten, args: () => ['Sheet1!A1:B1', [['new', 1]], '1.1'] },
  ],
  sidebarUndoWrite: [
    {
      label: "the agent's write",
      setup: withSidebar(sheetWorkWritten),
      context: 'ui',
      args: (spreadsheet) => [token(spreadsheet), call(spreadsheet, 'getWriteLog', 1)[0].id],
    },
  ],
  readRange: [{ label: 'outside the plan (logged)', setup: sheetWork, args: () => ['Sheet1!D1:E2'] }],
  sidebarAddTask: [person('a task', (s) => [token(s), 1, 'Third', null])],
  sidebarAddPhase: [person('a phase', (s) => [token(s), 'More', ['Another'], null])],
  sidebarRenameTask: [person('a title', (s) => [token(s), '1.3', 'Check, renamed'])],
  sidebarMoveTask: [person('a task', (s) => [token(s), '1.1', '1.2'])],
  sidebarRemoveTask: [person('a task in review', (s) => [token(s), '1.3'])],
  sidebarReleaseClaim: [
    {
      label: 'a task an agent started (its Working line)',
      setup: withSidebar(() => {
        const spreadsheet = saved();
        call(spreadsheet, 'startTask', '1.1');
        return spreadsheet;
      }),
      context: 'ui',
      args: (s) => [token(s), '1.1'],
    },
  ],
  sidebarInitPlan: [{ label: 'a new spreadsheet', setup: withSidebar(empty), context: 'ui', args: (s) => [token(s)] }],
  doPost: [
    {
      label: "an agent's start_task tool call",
      setup: recentlyUsedAgent,
      context: 'webapp',
      args: toolCallPosted('start_task', { step: '1.1' }),
      recovered: answeredWithServiceError,
      answerAfterTheWork: 'TextOutput.setContent',
    },
    {
      label: "an agent's first call (its use recorded)",
      setup: connectedAgent,
      context: 'webapp',
      args: toolCallPosted('block_task', { step: '1.2', reason: 'waiting for data' }),
      recovered: answeredWithServiceError,
      answerAfterTheWork: 'TextOutput.setContent',
      unchanged: withoutLastUse,
    },
  ],
  sidebarRestore: [
    {
      label: 'a saved version',
      setup: withSidebar(withHistory),
      context: 'ui',
      args: (spreadsheet) => [token(spreadsheet), savedRevision(spreadsheet)],
    },
  ],
};

/**
 * Everything a change leaves (every sheet and cell, the document properties), without what differs between two
 * spreadsheets set up alike at different times: their ids, the person's token, and timestamps.
 */
function outcome(spreadsheet: EmulatedSpreadsheet): string {
  const { sheets, properties } = spreadsheet.toJSON();
  return JSON.stringify({ sheets, properties })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<time>')
    .replace(/'?w[0-9a-z]{10,14}(?:_p[0-9a-z]+)?\b/g, '<write log id>');
}

const mutations = Object.entries(API_FUNCTIONS as Record<string, ApiFunctionSpec>)
  .filter(([, spec]) => spec.changesPlan)
  .map(([name]) => name)
  // They change the settings, the sheets and the write log, not the plan: writes all the same.
  .concat('sidebarSaveSettings', 'writeRange', 'sidebarUndoWrite', 'readRange');

test('every function that changes the plan is run with a fault at each of its service calls', () => {
  expect(Object.keys(MUTATIONS).sort()).toEqual([...mutations].sort());
});

const cases = Object.entries(MUTATIONS).flatMap(([name, scenarios]) =>
  scenarios.map((scenario) => [name, scenario.label, scenario] as const),
);

/**
 * The scenario's spreadsheet, set up once and copied for each run (from its JSON, with the person's token): every
 * run starts from the same state, without running the set-up's calls again for each of the hundreds of faults.
 */
function copiesOf(setup: () => EmulatedSpreadsheet): () => EmulatedSpreadsheet {
  const original = setup();
  const state = JSON.stringify(original);
  return () => {
    const copy = EmulatedSpreadsheet.fromJSON(JSON.parse(state));
    if (tokens.has(original)) tokens.set(copy, tokens.get(original)!);
    if (agentKeys.has(original)) agentKeys.set(copy, agentKeys.get(original)!);
    return copy;
  };
}

describe.each(cases)('%s (%s)', (name, _label, scenario) => {
  const run = (spreadsheet: EmulatedSpreadsheet, prepare?: (execution: Execution) => void) =>
    execute(spreadsheet, name, scenario.args?.(spreadsheet) ?? [], {
      context: scenario.context ?? 'api',
      now: NOW,
      prepare,
    });
  const setUp = copiesOf(scenario.setup);
  const clean = setUp();
  const cleanRun = run(clean);
  const calls = cleanRun.execution.calls.length;
  const after = outcome(clean);

  test('runs cleanly and changes the plan', () => {
    expect(cleanRun.error).toBeUndefined();
    expect(scenario.recovered?.(cleanRun.result, cleanRun.execution) ?? false).toBe(false);
    expect(calls).toBeGreaterThan(3);
  });

  test.each(Array.from({ length: calls }, (_, i) => i + 1))(
    'a failure at service call %i: an error, and nothing written; or success, and all of it written',
    (failAt) => {
      const spreadsheet = setUp();
      const before = snapshot(spreadsheet);
      let seen = 0;
      let failed = '';
      const { result, error, execution } = run(spreadsheet, (started) =>
        started.faults.failNext((call: { service: string; method: string }) => {
          if (++seen !== failAt) return false;
          failed = `${call.service}.${call.method}`;
          return true;
        }, 'Service error: Spreadsheets'),
      );
      // Only a failing releaseLock itself leaves the lock to Apps Script's release when the script ends.
      if (failed !== 'Lock.releaseLock') expect(execution.leakedLocks).toEqual([]);
      if (scenario.neverFails) expect({ failed, error }).toEqual({ failed, error: undefined });
      const recovered = !error && scenario.recovered?.(result, execution);
      if (failed === scenario.answerAfterTheWork) {
        expect(error?.message).toMatch(/Service error: Spreadsheets/);
        expect({ failed, outcome: outcome(spreadsheet) }).toEqual({ failed, outcome: after });
      } else if (error || recovered) {
        if (error) expect(error.message).toMatch(/Service error: Spreadsheets/);
        const kept = scenario.unchanged ?? ((state: string) => state);
        expect({ failed, state: kept(snapshot(spreadsheet)) }).toEqual({ failed, state: kept(before) });
      } else {
        expect({ failed, outcome: outcome(spreadsheet) }).toEqual({ failed, outcome: after });
      }
    },
  );
});
