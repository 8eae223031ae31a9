/**
 * The emulator's assumptions about Google are listed in one place (src/node/emulator/assumptions.ts),
 * each with the page consulted, and the code that applies one cites it by id: the list and the code
 * cannot drift apart.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ASSUMPTIONS } from '../../src/node/emulator';

const EMULATOR = path.resolve(__dirname, '../../src/node/emulator');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const code = sources(EMULATOR)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('assumptions.ts'))
  .map((file) => ({ file: path.relative(EMULATOR, file), text: readFileSync(file, 'utf8') }));

test.each(ASSUMPTIONS.map((assumption) => [assumption.id, assumption] as const))(
  'assumption %s names a Google page and is cited where it is applied',
  (id, assumption) => {
    expect(assumption.doc).toMatch(/^https:\/\/(developers|support)\.google\.com\//);
    const applied = code.find((source) => source.file === assumption.file);
    expect(applied?.text).toMatch(new RegExp(`Assumption ${id}\\b`));
  },
);

test('every assumption the code cites is in the list, once', () => {
  const listed = ASSUMPTIONS.map((assumption) => assumption.id);
  expect(new Set(listed).size).toBe(listed.length);
  const cited = code.flatMap((source) => [...source.text.matchAll(/Assumption ([a-z0-9-]+)/g)].map((m) => m[1]));
  expect(cited.filter((id) => !listed.includes(id))).toEqual([]);
});

test('no assumption is left unnamed in the code', () => {
  const unnamed = code.filter((source) => /Assumptions?\s*(\(strict\))?:/.test(source.text));
  expect(unnamed.map((source) => source.file)).toEqual([]);
});
