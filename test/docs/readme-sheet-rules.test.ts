/** The README's table of sheet-work rules against the rule table itself (src/core/sheet-rules.ts). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHEET_LIMITS, SHEET_RULES } from '../../src/core/sheet-rules';

const README = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
const section = README.slice(README.indexOf('## Sheet work under the plan'), README.indexOf('## The API'));

test("the README's rules table lists every rule in order, with the calls it applies to and its code", () => {
  const rows = [...section.matchAll(/^\| ([^|`]+) \| ([a-z, ]+) \| `([A-Z_]+)` \|/gm)].map((match) => [
    match[1],
    match[2],
    match[3],
  ]);
  expect(rows).toEqual(SHEET_RULES.map((rule) => [rule.name, rule.calls.join(', '), rule.code]));
});

test('the README gives the limits the rules use', () => {
  for (const limit of Object.values(SHEET_LIMITS)) expect(section).toContain(limit.toLocaleString('en-US'));
});
