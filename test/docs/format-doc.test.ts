/**
 * The format reference lives in this repository (docs/format.md), says what the status table says, and the
 * README points to it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STATUSES } from '../../src/core';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

test('docs/format.md has a row for every status of the table, with its box', () => {
  const format = read('docs/format.md');
  for (const { status, symbol } of STATUSES) expect(format).toContain(`| ${status} | \`[${symbol}]\` |`);
});

test('the README links the format reference and nothing outside the repository', () => {
  const readme = read('README.md');
  expect(readme).toContain('](docs/format.md)');
  expect(readme).not.toMatch(/\]\(\.\.\//);
});
