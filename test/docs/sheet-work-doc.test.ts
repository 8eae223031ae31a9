/** The table of sheet-work rules in docs/sheet-work.md against the rule table itself (src/core/sheet/sheet-rules.ts).
 * */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SHEET_LIMITS, SHEET_RULES } from '../../src/core/sheet/sheet-rules';

const section = readFileSync(path.resolve(__dirname, '../../docs/sheet-work.md'), 'utf8');

test('the rules table lists every rule in order, with the calls it applies to, its code and what it allows', () => {
  const rows = [...section.matchAll(/^\| ([^|`]+) \| ([a-z, ]+) \| `([A-Z_]+)` \| (.{30,}) \|$/gm)].map((match) => [
    match[1],
    match[2],
    match[3],
  ]);
  expect(rows).toEqual(SHEET_RULES.map((rule) => [rule.name, rule.calls.join(', '), rule.code]));
});

test('docs/sheet-work.md gives the limits the rules use', () => {
  for (const limit of Object.values(SHEET_LIMITS)) expect(section).toContain(limit.toLocaleString('en-US'));
});
