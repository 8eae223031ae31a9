/**
 * The API descriptor is a leaf: its modules import zod, the constants that name what it lists (api-names.ts) and the
 * status table, never the code that acts (the rules, re-planning, the use cases). The code names its actions and
 * commands from the same constants, so the two cannot drift.
 */
import { buildSync, stop } from 'esbuild';
import path from 'node:path';
import { AGENT_ACTIONS, EDIT_COMMANDS, TASK_ACTION_NAMES } from '../../src/core/api/api-names';
import { TASK_ACTIONS } from '../../src/core/rules/actions';
import { EDIT_ACTIONS } from '../../src/core/replan/replan';

const root = path.resolve(__dirname, '../..');

// buildSync starts esbuild on a thread of its own (and its process) for this file; stopped when the file ends.
afterAll(() => stop());

/** The source files a module's code reaches (type-only imports leave none). */
function sourcesOf(file: string): string[] {
  const result = buildSync({
    entryPoints: [path.join(root, file)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'neutral',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).sort();
}

test('the descriptor imports only its own modules, its names, the status table and the own-key lookup', () => {
  expect(sourcesOf('src/core/api/api-functions.ts')).toEqual([
    'src/core/api/api-functions.ts',
    'src/core/api/api-names.ts',
    'src/core/api/api-person-functions.ts',
    'src/core/api/api-shapes.ts',
    'src/core/api/api-spec.ts',
    'src/core/format/statuses.ts',
    'src/core/own-keys.ts', // imports nothing
  ]);
});

test("the task actions the descriptor lists are the rules' actions, in their order", () => {
  expect(Object.keys(TASK_ACTIONS)).toEqual(TASK_ACTION_NAMES);
  expect(AGENT_ACTIONS).toEqual(
    Object.values(TASK_ACTIONS)
      .filter((rule) => !rule.decision)
      .map((rule) => rule.action),
  );
});

test('the re-planning commands the descriptor lists are the ones re-planning implements', () => {
  expect(Object.keys(EDIT_ACTIONS)).toEqual(EDIT_COMMANDS);
});
