/**
 * Every tool's declared output schema names every field its answers carry: an agent through the built bundle's doPost
 * calls every tool, as a plan's life brings them, and each structured answer is checked with the MCP SDK's own
 * validator against the output schema tools/list serves, with no field allowed beyond those it names, and against the
 * fields' own schemas (src/node/mcp/tools.ts), nested ones closed too. A field an answer gains without its schema
 * fails here, and so does a field a schema names that no answer carries (get_review_tasks's revision was one).
 */
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod/v4';
import { runWebApp, type EmulatedSpreadsheet } from '../../src/node/emulator';
import type { McpTool } from '../../src/core/mcp/protocol';
import { TOOLS } from '../../src/node/mcp/tools';
import { DIST, approveAsPerson, callAsPerson, plan, planText } from './harness';
import { answer, connectAgent, deployed } from './keyed-agents';
import { workbook } from './sheet-work-fixtures';

const PLAN_TEXT = plan(
  '# Plan: Stock summary',
  '',
  'Goal: Total the stock per bin',
  '',
  '## Questions',
  '- Net or gross quantities?',
  '',
  '## Analysis',
  '',
  '- Target ranges:',
  '  - Read: Warehouse!A1:C4 (SKU, bin, qty)',
  '  - Write: Summary!B3:C5 (bin, total)',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Read Warehouse!A1:C4',
  '- [ ] 1.2 Write the totals to Summary!B3:C5',
  '  - After: 1.1',
  '- [ ] 1.3 Note the bins',
  '',
);

/** The tools as doPost lists them (tools/list). */
function servedTools(spreadsheet: EmulatedSpreadsheet, key: string): McpTool[] {
  const { content } = runWebApp(spreadsheet, DIST, {
    method: 'POST',
    queryString: `key=${encodeURIComponent(key)}`,
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    contentType: 'application/json',
  });
  return JSON.parse(content).result.tools;
}

/** Every tool's answers in a plan's life: approved, worked, re-planned, finished, and the next one written. */
function aPlansLife(): { answers: Array<[tool: string, answer: Record<string, unknown>]>; served: McpTool[] } {
  const { spreadsheet, token } = deployed(workbook(PLAN_TEXT));
  const key = connectAgent(spreadsheet, token, 'Claude').key;
  const answers: Array<[string, Record<string, unknown>]> = [];
  const call = (tool: string, args: Record<string, unknown> = {}) => {
    const answered = answer(spreadsheet, key, tool, args);
    answers.push([tool, answered]);
    return answered;
  };

  call('get_plan');
  call('get_plan', { view: 'full' });
  callAsPerson(spreadsheet, token, 'sidebarRequestPlanChanges', 'name the columns');
  const { revision } = call('get_plan');
  call('replace_plan', {
    markdown: planText(spreadsheet).replace('(bin, total)', '(B: bin, C: total)'),
    base: revision,
  });
  approveAsPerson(spreadsheet, token, 'go ahead');
  call('list_sheets');
  call('read_range', { a1: 'Warehouse!A1:D4' }); // a date, and a read outside the plan's ranges
  call('start_task', { step: String(call('get_next_task').step) });
  call('complete_task', { step: '1.1' });
  call('get_next_task'); // 1.2, which waited for 1.1
  call('start_task', { step: '1.2' });
  call('write_range', { a1: 'Summary!B3', values: [['A-1', 15]], step: '1.2' });
  call('get_write_log');
  call('block_task', { step: '1.2', reason: 'Summary!C4 needs the POS upload' });
  call('apply_commands', {
    commands: [
      { action: 'reopen', step: '1.2' },
      { action: 'start', step: '1.2' },
    ],
  });
  call('advance_task', { step: '1.2' }); // and 1.3 starts
  call('review_task', { step: '1.3', note: 'are the notes right?' });
  call('get_review_tasks');
  callAsPerson(spreadsheet, token, 'sidebarTaskAction', 'approve', '1.3', 'they are');
  call('apply_commands', {
    commands: [
      { action: 'add', phase: '1', text: 'Check the totals' },
      { action: 'add', phase: '1', text: 'Sign off', waitsFor: ['1.4'] },
      { action: 'remove', step: '1.4' },
    ],
  });
  approveAsPerson(spreadsheet, token);
  call('apply_commands', {
    commands: [
      { action: 'complete', step: '1.3' },
      { action: 'complete', step: '1.4' },
    ],
  });
  const { id } = call('finish_plan', { summary: 'Totals written' });
  call('list_plans', { id });
  call('init_plan');
  const created = call('create_plan', {
    title: 'Recount',
    goal: 'Bins counted',
    phases: [{ name: 'Count', steps: ['Count the bins', 'Sum them'] }],
    analysis: { read: ['Warehouse!A1:C4'], write: ['Summary!B3:C5'] },
  });
  // Steps without numbers, which adopt_format writes in.
  const unnumbered = planText(spreadsheet).replace(/^- \[ \] \d+\.\d+ /gm, '- [ ] ');
  call('replace_plan', { markdown: unnumbered, base: created.revision });
  call('adopt_format');
  return { answers, served: servedTools(spreadsheet, key) };
}

const validator = new AjvJsonSchemaValidator();
const { answers, served } = aPlansLife();

test('every tool was called, and answered', () => {
  expect([...new Set(answers.map(([tool]) => tool))].sort()).toEqual(served.map((tool) => tool.name).sort());
});

test.each(answers.map(([tool, answered], index) => [index, tool, answered] as const))(
  'answer %i (%s) has only the fields its served output schema names',
  (_index, tool, answered) => {
    const { outputSchema } = served.find((candidate) => candidate.name === tool)!;
    const closed = validator.getValidator({ ...outputSchema, additionalProperties: false } as never);
    expect(closed(answered).errorMessage).toBeUndefined();
    // And the fields' own schemas, every object in them closed (zod writes additionalProperties: false for output).
    const definition = TOOLS.find((candidate) => candidate.name === tool)!;
    const full = z.toJSONSchema(z.object(definition.output), { io: 'output', target: 'draft-7' });
    expect(validator.getValidator(full as never)(answered).errorMessage).toBeUndefined();
  },
);

test('the fields an agent acts on are among them', () => {
  const fields = (tool: string) =>
    new Set(answers.filter(([name]) => name === tool).flatMap(([, a]) => Object.keys(a)));
  expect([...fields('get_plan')]).toEqual(expect.arrayContaining(['status', 'statusNote', 'attention', 'stamp']));
  expect([...fields('apply_commands')]).toEqual(expect.arrayContaining(['planStatus', 'next']));
  expect([...fields('replace_plan')]).toEqual(expect.arrayContaining(['status', 'statusNote', 'next']));
  expect([...fields('read_range')]).toEqual(['range', 'rows', 'columns', 'values', 'declared', 'timeZone']);
  expect([...fields('write_range')]).toEqual(['id', 'range', 'cells', 'replacedCells']);
});

/**
 * The other way round: no output schema names a field its answers never carry. Tools that answer the same kind share
 * one schema (a task's `working` is in start_task's answers, not complete_task's), so each schema's fields are looked
 * for in the answers of all the tools that serve it.
 */
test('every field an output schema names is in an answer of a tool that serves it', () => {
  const schemaOf = (tool: string) => TOOLS.find((candidate) => candidate.name === tool)!.output;
  const missing = served.flatMap(({ name, outputSchema }) => {
    const sharing = new Set(TOOLS.filter((tool) => tool.output === schemaOf(name)).map((tool) => tool.name));
    const returned = new Set(answers.filter(([tool]) => sharing.has(tool)).flatMap(([, a]) => Object.keys(a)));
    return Object.keys(outputSchema?.properties ?? {})
      .filter((field) => !returned.has(field))
      .map((field) => `${name}: ${field}`);
  });
  expect(missing).toEqual([]);
});
