/**
 * The real-shape documents in test/fixtures/real-shapes: plans, TODO lists, progress files and PR
 * checklists written for this project in the shapes of public ones (INDEX.md there says which
 * lines are tasks and why).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const FOLDER = path.resolve(__dirname, '../fixtures/real-shapes');

export const REAL_SHAPES = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.md') && name !== 'INDEX.md')
  .sort();

export function realShape(name: string): string {
  return readFileSync(path.join(FOLDER, name), 'utf8');
}

/** A month-end checklist in a numbered list under a plain section heading: read as it is, and adopted. */
export const CHECKLIST = [
  '# Month-end close',
  '',
  'Goal: Close October',
  '',
  '## Before the books close',
  '',
  '1. [x] Export the bank statement CSV',
  '2. [ ] Match deposits to invoices on `AR_Match`',
  '3. [ ] Investigate anything unmatched -- after 5 days',
  '',
].join('\n');
