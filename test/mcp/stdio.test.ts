/**
 * The MCP server as a client sees it: the SDK's Client over stdio, spawning
 * `node build/cli.js mcp --endpoint <emulator> --script-id local`, talking to the local emulator.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import {
  approveInSidebar,
  decideInSidebar,
  runInSidebar,
  startLocalEmulator,
  type LocalEmulator,
} from '../client/local-emulator';
import { mcpToolTable } from '../../src/node/mcp/tools';
import { toolInput } from '../../src/core/mcp/tool-calls';
import { argumentTable } from '../../src/core/api/argument-table';

const CLI = path.resolve(__dirname, '../../build/cli.js');
/**
 * The whole serialized tools/list, counted at about 4 characters a token, stays under this many tokens: 2,000 until the
 * output schemas named every field their answers carry (the plan's status and what waits for the person among them),
 * which took it past 2,000.
 */
const TOOL_LIST_TOKEN_BUDGET = 2100;

let emulator: LocalEmulator;
let client: Client;

/** The environment without credentials: the emulator needs none, and a developer's real ones must not leak in. */
function cleanEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !entry[0].startsWith('SHEET_PLAN_'),
    ),
  );
}

beforeAll(async () => {
  emulator = await startLocalEmulator();
  client = new Client({ name: 'sheet-plan-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, 'mcp', '--endpoint', emulator.url, '--script-id', 'local'],
      env: cleanEnvironment(),
      stderr: 'pipe',
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await emulator?.close();
});

type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text?: string }>;
};

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

async function ok(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = await call(name, args);
  if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`);
  expect(JSON.parse(result.content[0].text!)).toEqual(result.structuredContent);
  return result.structuredContent!;
}

async function failed(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  return result.content[0].text!;
}

test("a call is checked by its function's argument rules, an adapted tool's by its input less descriptions", () => {
  const { tools, routes } = mcpToolTable();
  expect(Object.keys(routes)).toEqual(tools.map((tool) => tool.name));
  // start_task's input is startTask's arguments: the bundle carries their rules once, for both checks.
  expect(routes.start_task.input).toBeUndefined();
  expect(toolInput(routes.start_task, argumentTable().startTask)).toEqual({
    type: 'object',
    properties: { step: argumentTable().startTask[0].schema },
    required: ['step'],
  });
  const listed = tools.find((tool) => tool.name === 'write_range')!.inputSchema as {
    properties: Record<string, Record<string, unknown>>;
  };
  const { description, ...values } = listed.properties.values;
  expect(description).toMatch(/^rows; a cell/);
  expect(routes.write_range.input).toEqual({ ...listed, properties: { ...listed.properties, values } });
  expect(JSON.stringify(routes)).not.toContain('"description"');
});

describe('sheet-plan mcp over stdio', () => {
  test('lists the plan and sheet tools with input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'get_plan',
        'init_plan',
        'create_plan',
        'replace_plan',
        'adopt_format',
        'get_next_task',
        'get_review_tasks',
        'start_task',
        'complete_task',
        'advance_task',
        'block_task',
        'review_task',
        'apply_commands',
        'finish_plan',
        'list_plans',
        'list_sheets',
        'read_range',
        'write_range',
        'get_write_log',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    // A task's answer says who works on it (its Working: line); a client checking answers must allow it.
    for (const name of ['start_task', 'get_next_task', 'complete_task']) {
      const properties = tools.find((tool) => tool.name === name)!.outputSchema!.properties!;
      expect(Object.keys(properties)).toEqual(expect.arrayContaining(['step', 'status', 'working', 'revision']));
    }
    expect(client.getInstructions()).toContain('get_review_tasks first');
  });

  test(`the serialized tool list costs under ${TOOL_LIST_TOKEN_BUDGET} tokens (at 4 characters a token)`, async () => {
    const answer = await client.request({ method: 'tools/list' }, ListToolsResultSchema);
    const tokens = Math.ceil(JSON.stringify(answer).length / 4);
    expect(tokens).toBeLessThan(TOOL_LIST_TOKEN_BUDGET);
  });

  test('no tool can approve a review item or request changes', async () => {
    const { tools } = await client.listTools();
    const text = JSON.stringify(tools);
    expect(text).not.toMatch(/approve"|requestChanges|request_changes/);
    const actions = (
      tools.find((tool) => tool.name === 'apply_commands')!.inputSchema.properties as Record<
        string,
        { items: { properties: { action: { enum: string[] } } } }
      >
    ).commands.items.properties.action.enum;
    expect(actions).toEqual([
      ...['start', 'complete', 'block', 'review', 'skip', 'reopen', 'note'],
      ...['add', 'addPhase', 'rename', 'move', 'remove'],
    ]);
    expect(await failed('apply_commands', { commands: [{ action: 'approve', step: '2.3' }] })).toMatch(
      /Input validation error/,
    );
    expect(await failed('complete_task', { step: '2.3' })).toMatch(/^NEEDS_PERSON: Task 2\.3 is waiting for review/);
  });

  test("the sheet tools read anywhere; writes go only into the plan's Write ranges, for a task started", async () => {
    const { sheets } = (await ok('list_sheets')) as { sheets: Array<{ name: string; header: string[] }> };
    expect(sheets.map((sheet) => sheet.name)).toEqual([
      'Warehouse',
      'Sales',
      'Products',
      'Staging',
      'Discrepancies',
      'Summary',
    ]);
    expect(sheets[0].header[0]).toBe('SKU');
    await expect(ok('read_range', { a1: 'Warehouse!A2:C3' })).resolves.toEqual({
      range: 'Warehouse!A2:C3',
      rows: 2,
      columns: 3,
      values: [
        ['WH-1001', 'A-01', 35],
        ['WH-1002', 'A-02', 12],
      ],
      declared: true,
    });
    const written = await ok('write_range', {
      a1: 'Discrepancies!A2',
      values: [['WH-1001', 40, 35, -5, -0.125, 'SHORT', '=not a formula']],
      step: '3.1',
    });
    expect(written).toMatchObject({ range: 'Discrepancies!A2:G2', cells: 7, replacedCells: 0 });
    expect(await failed('write_range', { a1: 'Warehouse!A2', values: [['x']], step: '3.1' })).toMatch(
      /^OUT_OF_SCOPE: Warehouse!A2 is outside the plan's Write ranges: Discrepancies!A2:G100, Summary!B3:E15/,
    );
    expect(await failed('write_range', { a1: 'Summary!B3', values: [['x']], step: '3.2' })).toMatch(
      /^TASK_NOT_IN_PROGRESS: Task 3\.2 is todo/,
    );
    // The log lists the write, and notes both refusals (newest first) with why, for the person and the agent.
    const { entries } = (await ok('get_write_log')) as { entries: Array<{ id: string; range: string }> };
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'refused',
        range: 'Summary!B3',
        step: '3.2',
        refused: { code: 'TASK_NOT_IN_PROGRESS', reason: 'task 3.2 is not in progress' },
      }),
      expect.objectContaining({
        kind: 'refused',
        range: 'Warehouse!A2',
        step: '3.1',
        refused: { code: 'OUT_OF_SCOPE', reason: "outside the plan's Write ranges" },
      }),
      expect.objectContaining({ id: written.id, kind: 'write', range: 'Discrepancies!A2:G2', step: '3.1' }),
    ]);
    expect(emulator.spreadsheet.cell('Discrepancies!G2')).toBe('=not a formula');
  });

  test('every tool works against the emulator, in the order an agent would call them', async () => {
    const compact = await ok('get_plan');
    expect(compact).toMatchObject({ title: 'Monthly Inventory Reconciliation', done: 5, total: 12 });
    expect(compact.summary).toContain('- [!] 2.3 Identify variance > threshold');
    expect(compact.markdown).toBeUndefined();

    await expect(ok('get_review_tasks')).resolves.toEqual({
      tasks: [
        {
          step: '2.3',
          status: 'review',
          title: 'Identify variance > threshold in Staging!E2:E500 (flag column)',
          note: 'please verify 5% threshold is correct',
        },
      ],
      revision: 1,
    });
    await expect(ok('get_next_task')).resolves.toMatchObject({ step: '3.2', status: 'todo', revision: 1 });
    await expect(ok('complete_task', { step: '3.1' })).resolves.toMatchObject({
      step: '3.1',
      status: 'done',
      revision: 2,
    });
    await expect(ok('start_task', { step: '3.2' })).resolves.toMatchObject({ step: '3.2', status: 'doing' });
    await expect(ok('block_task', { step: '3.2', reason: 'Summary!B3:E15 is protected' })).resolves.toMatchObject({
      status: 'blocked',
      note: 'Summary!B3:E15 is protected',
    });
    await expect(ok('review_task', { step: '4.1', note: 'check the row counts' })).resolves.toMatchObject({
      status: 'review',
      note: 'check the row counts',
    });
    const batch = await ok('apply_commands', {
      commands: [
        { action: 'start', step: '3.2' },
        { action: 'complete', step: '3.2' },
        { action: 'skip', step: '4.3', text: 'the team reads the sheet' },
      ],
    });
    expect(batch).toMatchObject({
      tasks: [
        { step: '3.2', status: 'doing' },
        { step: '3.2', status: 'done' },
        { step: '4.3', status: 'skipped', note: 'the team reads the sheet' },
      ],
    });
    await expect(ok('advance_task', { step: '4.2' })).resolves.toEqual({});
    await expect(ok('get_next_task')).resolves.toEqual({});

    const full = await ok('get_plan', { view: 'full' });
    expect(full.markdown).toContain('- [x] 4.2 Spot-check 5 random SKUs');
    expect(full.stamp).toMatch(/^\d+:\S+$/);
    const replaced = await ok('replace_plan', {
      markdown: (full.markdown as string).replace(
        '## Notes\n',
        '## Notes\n\n- Thresholds agreed with the warehouse team\n',
      ),
      base: full.stamp,
    });
    expect(replaced).toMatchObject({ revision: (full.revision as number) + 1, done: 8, total: 12 });
    expect(await failed('replace_plan', { markdown: full.markdown, base: full.revision })).toMatch(
      /^CONFLICT: The plan changed since revision/,
    );
    expect(await failed('replace_plan', { markdown: full.markdown, base: full.stamp })).toMatch(
      /^CONFLICT: The plan changed since the revision \d+ you read/,
    );

    await expect(ok('init_plan')).resolves.toMatchObject({ title: 'Monthly Inventory Reconciliation' });
    // A new plan would take 2.3 and 4.1 away from the person reviewing them: refused until the person decides.
    expect(
      await failed('create_plan', { title: 'Q4 report', goal: 'G', phases: [{ name: 'P', steps: ['S'] }] }),
    ).toMatch(/^NEEDS_PERSON: Only a person may change what waits for them: task "Identify variance.*; task "Verify /);
    await decideInSidebar(emulator.url, 'approve', '2.3', 'threshold is right');
    await decideInSidebar(emulator.url, 'approve', '4.1', 'row counts match');
    const created = await ok('create_plan', {
      title: 'Q4 report',
      goal: 'Publish the Q4 summary',
      phases: [{ name: 'Collect', steps: ['Read Orders!A2:F500 (orders)', 'Read Products!A2:D200 (products)'] }],
      analysis: { spreadsheet: 'Sales 2026', keySheets: ['Orders', 'Products'] },
      questions: ['Which quarter?'],
    });
    expect(created).toMatchObject({ title: 'Q4 report', done: 0, total: 2 });
    expect(created.summary).toContain('Open questions (1):\n- Which quarter?');
    await expect(ok('advance_task', { step: '1.1' })).resolves.toMatchObject({ step: '1.2', status: 'doing' });
  });

  test("errors come back as isError results with the script's message", async () => {
    expect(await failed('start_task', { step: '9.9' })).toMatch(/^NOT_FOUND: Task 9\.9 not found \(steps: /);
    expect(await failed('block_task', { step: '1.2', reason: '' })).toBe('INVALID_ARGUMENT: reason must not be empty');
    // The function's own rule says what a step is, and why a number will not do.
    expect(await failed('start_task', { step: 1.1 })).toBe(
      'MCP error -32602: Input validation error: Invalid arguments for tool start_task: step must be text like ' +
        '"1.2", not the number 1.1 (numbers lose trailing zeros: 1.10 becomes 1.1)',
    );
    expect(await failed('create_plan', { title: 'x', goal: 'y', phases: [] })).toBe(
      'MCP error -32602: Input validation error: Invalid arguments for tool create_plan: phases must be a non-empty ' +
        'list (got an empty list)',
    );
    // An input the tool does not take is refused by name, not dropped: the web app's doPost says the same.
    expect(await failed('start_task', { step: '1.1', stpe: '1.2' })).toBe(
      'MCP error -32602: Input validation error: Invalid arguments for tool start_task: stpe is not an input of this ' +
        'tool; its inputs are step',
    );
    expect(
      await failed('create_plan', { title: 'x', goal: 'y', phases: [{ name: 'P', steps: ['S'] }], sheet: 'S' }),
    ).toMatch(/: sheet is not an input of this tool; its inputs are title, goal, phases, analysis, questions, notes$/);
  });

  test('a draft waits for the person, re-planning reports renumbering, the plan ends in the archive', async () => {
    const cells = () => JSON.stringify(emulator.spreadsheet.toJSON());
    await runInSidebar(emulator.url, 'sidebarSaveSettings', { approvalRequired: true });
    await ok('create_plan', {
      title: 'Invoices',
      goal: 'Send March invoices',
      phases: [{ name: 'Prepare', steps: ['Read Orders!A2:E300 (customer, amount)', 'Write Invoices!A2:D80'] }],
    });
    const draft = await ok('get_plan');
    expect(draft.summary).toContain("Status: draft (waiting for the person's approval");

    const before = cells();
    expect(await failed('start_task', { step: '1.1' })).toMatch(/^NEEDS_APPROVAL: The plan is a draft/);
    // The guard checks the plan the whole batch would write; its refusal names the command that brought it there.
    expect(await failed('apply_commands', { commands: [{ action: 'start', step: '1.1' }] })).toMatch(
      /^NEEDS_APPROVAL: commands\[0\] \(start 1\.1\): The plan is a draft/,
    );
    const full = await ok('get_plan', { view: 'full' });
    expect(
      await failed('replace_plan', {
        markdown: (full.markdown as string).replace('Status: draft', 'Status: approved'),
        base: full.stamp,
      }),
    ).toMatch(/^NEEDS_PERSON: Only a person may change what waits for them: the plan's approval/);
    expect(cells()).toBe(before);

    const replanned = await ok('apply_commands', {
      commands: [
        { action: 'add', phase: 1, text: 'Check Credits!A2:C20 (credit notes)', after: '1.1', waitsFor: ['1.1'] },
        { action: 'addPhase', text: 'Send', steps: ['Email the invoices'] },
      ],
    });
    expect(replanned.tasks).toEqual([
      {
        step: '1.2',
        status: 'todo',
        title: 'Check Credits!A2:C20 (credit notes)',
        waitsFor: ['1.1'],
        renumbered: { '1.2': '1.3' },
      },
      { step: '2.1', status: 'todo', title: 'Email the invoices' },
    ]);

    await runInSidebar(emulator.url, 'sidebarRequestPlanChanges', 'skip the credit notes this month');
    expect((await ok('get_plan')).summary).toContain('Status: draft — changes requested: skip the credit notes');
    await ok('apply_commands', { commands: [{ action: 'remove', step: '1.2' }] });
    await approveInSidebar(emulator.url);

    const notYet = cells();
    expect(await failed('finish_plan', { summary: 'Sent' })).toMatch(/^INVALID_TRANSITION: Every task must be done/);
    expect(cells()).toBe(notYet);
    await ok('apply_commands', {
      commands: ['1.1', '1.2', '2.1'].map((step) => ({ action: 'complete', step })),
    });
    await expect(ok('finish_plan', { summary: 'All 80 invoices sent' })).resolves.toMatchObject({ starter: false });
    const [newest] = (await ok('list_plans')).plans as Array<{ id: number }>;
    const archive = await ok('list_plans', { id: newest.id });
    expect((archive.plans as unknown[])[0]).toEqual({
      id: expect.any(Number),
      title: 'Invoices',
      summary: 'All 80 invoices sent',
    });
    expect(archive.plan).toContain('Status: done');
    expect(await failed('get_plan', {})).toMatch(/^NO_PLAN/);
  });
});
