/**
 * A caller without a key (scripts.run) may name itself with the `agent` option, but not with a connected agent's name
 * (that agent's claims would be its own) nor with the words the sidebar uses for a person's own changes: refused by
 * name, nothing written.
 */
import { execute, planText, sheetWithSavedPlan, snapshot } from './harness';
import { connectAgent, deployed, tool } from './keyed-agents';
import { salesPlan } from './sales-plan';

const PLAN_TEXT = salesPlan();

function keylessCall(spreadsheet: ReturnType<typeof sheetWithSavedPlan>, name: string, args: unknown[]) {
  const { error } = execute(spreadsheet, name, args);
  return error?.message;
}

test('a keyless caller naming itself as a connected agent (any case or spacing) is refused; its task stays', () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const claude = connectAgent(spreadsheet, token, 'Claude on my laptop');
  tool(spreadsheet, claude.key, 'start_task', { step: '1.1' });
  const before = snapshot(spreadsheet);
  // Invisible characters and full-width letters do not make another name: the sidebar would show the same one.
  for (const name of [
    'Claude on my laptop',
    '  claude   ON my  laptop ',
    'Claude\u200B on my\u00A0laptop',
    'Ｃｌａｕｄｅ on my laptop',
    // A joiner or a tag character outside an emoji sequence, a Cyrillic С: invisible, or the same to a reader.
    'Claude\u200D on my laptop',
    'Claude on my laptop\u{E0041}',
    '\u0421laude on my laptop',
    // An inherent Khmer vowel: a character Unicode says to ignore in display.
    'Claude on my laptop\u17B4',
  ]) {
    const message = keylessCall(spreadsheet, 'completeTask', ['1.1', { agent: name }]);
    expect(message).toMatch(/^INVALID_ARGUMENT: agent ".*" is the name of an agent connected with a key/);
    expect(message).toContain('nothing was written');
  }
  expect(snapshot(spreadsheet)).toBe(before);
  expect(planText(spreadsheet)).toContain('- [/] 1.1 Read the sales\n  - Working: Claude on my laptop until');
});

test("a keyless caller may not take the sidebar's words for a person's change; the error lists them", () => {
  const { spreadsheet } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const before = snapshot(spreadsheet);
  const lookAlikes = [
    'Y\u200Bou',
    'ｙｏｕ',
    'you\u17B5',
    'Sheet\u2060 Plan',
    // Joiners, tag characters and fillers outside an emoji sequence; Cyrillic and Greek letters that read as Latin.
    'yo\u200Du',
    'you\u{E0020}',
    'you\u034F',
    'you\u3164',
    'y\u043Eu',
    'th\u0435 p\u0435rson',
    '\u03A4HE MENU',
    // Armenian, a palochka, a small capital; a variation selector, a Braille blank.
    'y\u0585\u057D',
    'ʏou',
    'you\uFE00',
    'you\u2800',
  ];
  for (const name of [
    'an edit in the cell',
    'The Menu',
    'the  sidebar',
    'You',
    'person',
    'a person',
    'cell edit',
    ...lookAlikes,
  ]) {
    const message = keylessCall(spreadsheet, 'startTask', ['1.2', { agent: name }]);
    expect(message).toMatch(/^INVALID_ARGUMENT: /);
    expect(message).toContain('reserved');
    expect(message).toContain('"an edit in the cell"');
    expect(message).toContain('"the menu"');
  }
  expect(snapshot(spreadsheet)).toBe(before);
  // Emoji sequences keep their joiners and tags: two flags are two names.
  expect(keylessCall(spreadsheet, 'startTask', ['1.1', { agent: '🏴󠁧󠁢󠁳󠁣󠁴󠁿 bot' }])).toBeUndefined();
  expect(keylessCall(spreadsheet, 'completeTask', ['1.1', { agent: '🏴󠁧󠁢󠁷󠁬󠁳󠁿 bot' }])).toMatch(/^CLAIMED/);
  // A name of its own is fine.
  expect(keylessCall(spreadsheet, 'startTask', ['1.2', { agent: 'Report builder' }])).toBeUndefined();
  expect(planText(spreadsheet)).toContain('  - Working: Report builder until');
});

test("a name that reads as the person is refused: signs around it, a look-alike, words after the person's", () => {
  const spreadsheet = sheetWithSavedPlan(PLAN_TEXT);
  const before = snapshot(spreadsheet);
  for (const name of [
    'you.',
    '(you)',
    '\u04AFou',
    'yo\u1D1C',
    'You (sidebar)',
    'you 2',
    'The  person!',
    'Sheet-Plan',
    'The person (sidebar)',
    'Owner bot',
    'Sheet Plan helper',
  ]) {
    expect(keylessCall(spreadsheet, 'startTask', ['1.2', { agent: name }])).toMatch(/reserved names/);
  }
  expect(snapshot(spreadsheet)).toBe(before);
  // Names that only begin with the same letters are names of their own.
  expect(keylessCall(spreadsheet, 'startTask', ['1.1', { agent: 'YouTube importer' }])).toBeUndefined();
  expect(keylessCall(spreadsheet, 'startTask', ['1.2', { agent: 'Menu builder' }])).toBeUndefined();
  // Letters of the person's words inside a longer word are no such word (Youssef, Youé): refused for the claim only.
  expect(keylessCall(spreadsheet, 'completeTask', ['1.2', { agent: 'Youssef' }])).toMatch(/^CLAIMED/);
  expect(keylessCall(spreadsheet, 'completeTask', ['1.2', { agent: 'Youé' }])).toMatch(/^CLAIMED/);
});

test('a name of half a character, a line separator or nothing to read is refused; direction marks are dropped', () => {
  const { spreadsheet } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const before = snapshot(spreadsheet);
  // A lone surrogate is stored as U+FFFD; a line separator breaks the Working line; the rest show as a blank.
  for (const name of ['Al\uD83D', 'Bot\u2028two', '\u200B', '\u3164\u2800', '\u202E\u202C']) {
    expect(keylessCall(spreadsheet, 'startTask', ['1.2', { agent: name }])).toBe(
      'INVALID_ARGUMENT: agent must be text of 1 to 60 characters on one line, something visible, without half ' +
        `characters, such as "Claude on my laptop" (got "${name}")`,
    );
  }
  // Shown right to left, "\u202Euoy\u202C" would read "you": its marks go, and it is "uoy"; "\u200Fperson\u200E" is
  // "person", a reserved word.
  expect(keylessCall(spreadsheet, 'startTask', ['1.2', { agent: '\u200Fperson\u200E' }])).toMatch(/reserved/);
  expect(snapshot(spreadsheet)).toBe(before);
  expect(keylessCall(spreadsheet, 'startTask', ['1.2', { agent: '\u202Euoy\u202C' }])).toBeUndefined();
  expect(planText(spreadsheet)).toContain('  - Working: uoy until');
});

test('a caller with a key cannot name itself otherwise: the MCP tools take no agent option; nothing is written', () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  const claude = connectAgent(spreadsheet, token, 'Claude on my laptop');
  const before = planText(spreadsheet);
  expect(() => tool(spreadsheet, claude.key, 'start_task', { step: '1.1', agent: 'Report builder' })).toThrow(
    'Invalid arguments for tool start_task: agent is not an input of this tool; its inputs are step',
  );
  expect(planText(spreadsheet)).toBe(before); // (the key's last use is recorded)
  tool(spreadsheet, claude.key, 'start_task', { step: '1.1' });
  expect(planText(spreadsheet)).toContain('  - Working: Claude on my laptop until');
});

test('names in other scripts stay themselves in any case: a keyless caller cannot take one in another case', () => {
  const { spreadsheet, token } = deployed(sheetWithSavedPlan(PLAN_TEXT));
  connectAgent(spreadsheet, token, 'Клод');
  const before = snapshot(spreadsheet);
  for (const name of ['клод', 'КЛОД', 'Kлoд']) {
    expect(keylessCall(spreadsheet, 'startTask', ['1.1', { agent: name }])).toMatch(
      /^INVALID_ARGUMENT: agent ".*" is the name of an agent connected with a key/,
    );
  }
  expect(snapshot(spreadsheet)).toBe(before);
  // Another name in those letters is another agent's.
  expect(keylessCall(spreadsheet, 'startTask', ['1.1', { agent: 'Νίκος' }])).toBeUndefined();
  expect(keylessCall(spreadsheet, 'completeTask', ['1.1', { agent: 'ΝΊΚΟΣ' }])).toBeUndefined();
});
