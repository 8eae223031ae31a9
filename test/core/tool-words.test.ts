/**
 * The plan's messages as an agent over MCP reads them (src/core/mcp/tool-words.ts): every API function the core names,
 * bare or written as a call, becomes the tool (or the way) that does the same over MCP, with the call's arguments
 * named as the tool takes them; a function without a tool is never named as if it were one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_FUNCTION_NAMES } from '../../src/core/api/api-functions';
import { toolWords } from '../../src/core/mcp/tool-words';
import { mcpToolTable } from '../../src/node/mcp/tools';

const words = toolWords(mcpToolTable().routes);
/** An agent function named in a text: `startTask`, `getHistory`; `addPhase` alone is apply_commands' action too. */
const API_NAME = new RegExp(`\\b(${AGENT_FUNCTION_NAMES.join('|')})\\b`, 'g');
const apiNames = (text: string) =>
  [...text.matchAll(API_NAME)].map((match) => match[1]).filter((n) => n !== 'addPhase');

test.each([
  ['start it first (startTask("2.2"))', 'start it first (start_task with {"step":"2.2"})'],
  [
    'call initPlan() for a starter plan or createPlan(title, goal, phases) to write one',
    'call init_plan for a starter plan or create_plan to write one',
  ],
  ['read the plan (getPlan) to see it', 'read the plan (get_plan) to see it'],
  ['blockTask("1.2", "no data")', 'block_task with {"step":"1.2","reason":"no data"}'],
  [
    'skipTask("1.2", "not needed")',
    'apply_commands with {"commands":[{"action":"skip","step":"1.2","text":"not needed"}]}',
  ],
  ['or reopenTask first', 'or apply_commands (action "reopen") first'],
  ['getArchivedPlan(3)', 'list_plans with {"id":3}'],
  [
    'use getPlan, getHistory and getWriteLog',
    "use get_plan, the plan's History, which the person opens in the sidebar (ask them) and get_write_log",
  ],
  ['name (addPhase). after: a step', 'name (addPhase). after: a step'],
])('%s → %s', (message, expected) => {
  expect(words(message)).toBe(expected);
});

test('every agent function, bare or called, is named in tool words', () => {
  for (const name of AGENT_FUNCTION_NAMES) {
    expect(apiNames(words(`${name}("1.2")`))).toEqual([]);
    expect(apiNames(words(`see ${name} first`))).toEqual([]);
  }
});

/** Every string literal of the sources (comments left out) that names an API function. */
function namingLiterals(folder: string): string[] {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  return files.flatMap((file) => {
    const source = readFileSync(path.join(folder, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const literals = [...source.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)];
    // A message names a function among words; a bare literal ('startTask') is a name in a table, not a message.
    return literals.map((match) => match[0].slice(1, -1)).filter((text) => /\s/.test(text) && apiNames(text).length);
  });
}

test("no message of the core or the script names an API function once in an MCP caller's words", () => {
  const root = path.resolve(__dirname, '../../src');
  const messages = [...namingLiterals(path.join(root, 'core')), ...namingLiterals(path.join(root, 'apps-script'))];
  expect(messages.length).toBeGreaterThan(10);
  expect(messages.map(words).filter((text) => apiNames(text).length)).toEqual([]);
});
