/**
 * Service calls per read and per write of the sheet-work functions (readRange, writeRange, listSheets,
 * getWriteLog, and a person's undo), counted on the Apps Script emulation as `npm run bench` counts the plan's:
 * each call is a round trip inside Google. A write's cost must not grow with its size.
 */
import { EmulatedSpreadsheet, createExecution, loadBundle, runSimpleTrigger } from '../src/node/emulator';
import { sessionFromPage } from '../sidebar/src/protocol';
import { withApprovalOff } from './approval-off';

const PLAN = `# Plan: Bench

Goal: Count the calls

Status: approved

## Analysis

- Target ranges:
  - Read: Data!A1:F40
  - Write: Out!A1:E1000

### Phase 1: Work
- [/] 1.1 Write the output
- [/] 1.2 Write more output
`;

type Execution = ReturnType<typeof createExecution>;

interface Count {
  reads: number;
  writes: number;
  all: number;
  locks: number;
}

function count(execution: Execution): Count {
  const range = (method: string) => execution.countCalls({ service: 'Range', method });
  return {
    reads: range('getValues') + range('getFormulas') + range('getNumberFormats') + range('getDisplayValues'),
    writes: range('setValues') + execution.countCalls({ service: 'Sheet', method: 'appendRow' }),
    all: execution.calls.length,
    locks: execution.countCalls({ service: 'Lock', method: 'tryLock' }),
  };
}

function run(
  spreadsheet: EmulatedSpreadsheet,
  dist: string,
  name: string,
  args: unknown[],
  context: 'api' | 'ui' = 'api',
) {
  const execution = createExecution(spreadsheet, { context });
  const code = loadBundle(execution, dist) as Record<string, (...a: unknown[]) => unknown>;
  let result: unknown;
  let error: string | undefined;
  try {
    result = JSON.parse(JSON.stringify(code[name](...args) ?? null));
  } catch (thrown) {
    error = (thrown as Error).message;
  }
  execution.end();
  return { result, error, count: count(execution) };
}

/** The workbook as a person opened it once: onOpen remembers it for the agents' executions (no active spreadsheet). */
function workbook(dist: string): EmulatedSpreadsheet {
  const spreadsheet = withApprovalOff(new EmulatedSpreadsheet({ sheets: ['Data', 'Out', 'Notes', 'AGENT_BASE'] }));
  spreadsheet.setCellText('AGENT_BASE!C1', 'PLAN.md Contents');
  spreadsheet.setCellText('AGENT_BASE!C2', PLAN);
  const execution = createExecution(spreadsheet, { context: 'ui' });
  const app = execution.globals.SpreadsheetApp as unknown as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  const rows = Array.from({ length: 40 }, (_, r) => Array.from({ length: 6 }, (_, c) => (r === 0 ? `H${c}` : r * c)));
  app.getActiveSpreadsheet().getSheetByName('Data')!.getRange(1, 1, 40, 6).setValues(rows);
  execution.end();
  const outcome = runSimpleTrigger(spreadsheet, dist, 'onOpen');
  if ('error' in outcome) throw new Error(outcome.error.message);
  return spreadsheet;
}

const grid = (rows: number, columns: number) =>
  Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => `r${r}c${c}`));

/** The benchmark's Markdown section. */
export function sheetWorkSection(dist: string): string {
  const rows: string[] = [];
  const row = <Measured extends { count: Count; error?: string }>(label: string, measured: Measured) => {
    if (measured.error && !label.includes('refused')) throw new Error(`${label}: ${measured.error}`);
    const { reads, writes, all, locks } = measured.count;
    rows.push(`| ${label} | ${reads} | ${writes} | ${all} | ${locks} |`);
    return measured;
  };

  const spreadsheet = workbook(dist);
  row('readRange inside the plan (40 × 6 cells)', run(spreadsheet, dist, 'readRange', ['Data!A1:F40']));
  row('readRange of whole columns (stops at the last row used)', run(spreadsheet, dist, 'readRange', ['Data!A:F']));
  row('readRange with display values', run(spreadsheet, dist, 'readRange', ['Data!A1:F40', { display: true }]));
  row(
    'writeRange, the first (creates the hidden log)',
    run(spreadsheet, dist, 'writeRange', ['Out!A1', grid(2, 2), '1.1']),
  );
  row('readRange outside the plan (reported in the log)', run(spreadsheet, dist, 'readRange', ['Notes!A1:B2']));
  const small = row('writeRange of 4 × 2 cells', run(spreadsheet, dist, 'writeRange', ['Out!A3', grid(4, 2), '1.1']));
  const large = row(
    'writeRange of 1,000 × 5 cells (the largest write)',
    run(spreadsheet, dist, 'writeRange', ['Out!A1', grid(1000, 5), '1.1']),
  );
  // Once Sheet Plan has written the plan, its revision record lists the steps that wrote: a step's first write adds it.
  const recorded = workbook(dist);
  run(recorded, dist, 'setTaskNote', ['1.1', 'the record now lists the steps that wrote']);
  run(recorded, dist, 'writeRange', ['Out!A1', grid(2, 2), '1.1']);
  const listed = row(
    'writeRange of 4 × 2 cells on a plan Sheet Plan wrote (the history sheet is read for an approved plan)',
    run(recorded, dist, 'writeRange', ['Out!A3', grid(4, 2), '1.1']),
  );
  const listing = row(
    "the same, its step's first write (lists the step in the revision record)",
    run(recorded, dist, 'writeRange', ['Out!A3', grid(4, 2), '1.2']),
  );
  row('writeRange refused (out of scope)', run(spreadsheet, dist, 'writeRange', ['Notes!A1', grid(1, 1), '1.1']));
  row('listSheets (3 sheets)', run(spreadsheet, dist, 'listSheets', []));
  row('getWriteLog()', run(spreadsheet, dist, 'getWriteLog', []));

  const opened = createExecution(spreadsheet, { context: 'ui' });
  (loadBundle(opened, dist) as Record<string, () => void>).showPlanSidebar();
  opened.end();
  const token = sessionFromPage(opened.ui.sidebars[0].content)?.token;
  const id = (large.result as { id: string }).id;
  row('undo in the sidebar (checks, then restores)', run(spreadsheet, dist, 'sidebarUndoWrite', [token, id], 'ui'));

  const constant = small.count.all === large.count.all;
  return [
    '## Sheet work: service calls per read and per write',
    '',
    'Counted on the emulated services: range reads (getValues, getFormulas, getNumberFormats, getDisplayValues) / ' +
      'range writes (setValues, appendRow) / all service calls / locks taken. A write reads the plan cells once and ' +
      "the target's rows once, five columns on each side (its values and formulas, for the undo record and what " +
      'tells its rows apart should they move before an undo, and its number formats: a plain-text cell takes text as ' +
      'it is, without the apostrophe that keeps it text elsewhere), writes the target once and appends one log ' +
      'row. An ' +
      "agent's call also reads the script properties, where the spreadsheet a person opened is remembered: an " +
      'execution through the Apps Script API has no active spreadsheet, so it opens that one by its id. The first ' +
      "write of a step also lists the step in the plan's revision record (its cell by A1, one setValues), so that " +
      `the completion of a task that wrote nothing skips the write log: ${listing.count.all - listed.count.all} ` +
      'calls more, once per step.',
    '',
    '| call | range reads | range writes | all calls | locks |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    `Target — a write's service calls do not grow with its size: **${constant ? 'met' : 'NOT met'}** ` +
      `(${small.count.all} calls for 8 cells, ${large.count.all} for 5,000).`,
  ].join('\n');
}
