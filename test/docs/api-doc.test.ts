/**
 * The API reference (docs/api.md) against the API descriptor (src/core/api/api-functions.ts): the table lists every
 * agent function with its arguments as the descriptor has them (optional ones marked `?`), and nothing else; every
 * other exposed function (triggers, menu, sidebar) is named below it; the errors table lists every code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AGENT_FUNCTION_NAMES, FUNCTION_NAMES, callSignature } from '../../src/core/api/api-functions';
import { PLAN_ERROR_CODES } from '../../src/core/errors';

const apiSection = readFileSync(path.resolve(__dirname, '../../docs/api.md'), 'utf8');

/** The first cell of each row of a table whose header starts with `| first |`. */
function firstColumn(section: string, first: string): string[] {
  const table = section.slice(section.indexOf(`| ${first} |`)).split('\n\n')[0];
  return [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);
}

test("the API table lists every agent function, with the descriptor's arguments, and nothing else", () => {
  expect(firstColumn(apiSection, 'function').sort()).toEqual(AGENT_FUNCTION_NAMES.map(callSignature).sort());
});

test('the API reference names every trigger, menu and sidebar function', () => {
  const others = FUNCTION_NAMES.filter((name) => !(AGENT_FUNCTION_NAMES as string[]).includes(name));
  expect(others.filter((name) => !apiSection.includes(`\`${name}\``))).toEqual([]);
});

test('the errors table lists every error code, and nothing else', () => {
  expect(firstColumn(apiSection, 'code')).toEqual(PLAN_ERROR_CODES);
});
