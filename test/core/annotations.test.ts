/**
 * What counts as an annotation (docs/format.md, "Annotations"): the text after the last ` — ` or
 * ` -- ` that stands between spaces outside inline code. What a status change does with it.
 */
import { parsePlan, splitTaskText, updateTaskStatus } from '../../src/core';
import { annotationText } from '../../src/core/format/annotations';

describe('the separator', () => {
  test.each([
    ['Load Sales!A:H — waiting for the export', 'Load Sales!A:H', 'waiting for the export'],
    ['Load Sales!A:H -- waiting for the export', 'Load Sales!A:H', 'waiting for the export'],
    ['Add endpoint — same as v1 — waiting for auth', 'Add endpoint — same as v1', 'waiting for auth'],
    ['Run `npm test -- --coverage` and fix failures', 'Run `npm test -- --coverage` and fix failures', undefined],
    ['Run ``a `--` b -- c`` now', 'Run ``a `--` b -- c`` now', undefined],
    ['Remove the --legacy flag', 'Remove the --legacy flag', undefined],
    ['Compare Jan – Mar totals', 'Compare Jan – Mar totals', undefined],
    ['Compare Q1—Q2 totals', 'Compare Q1—Q2 totals', undefined],
    ['Fix the `--` placeholders --- later', 'Fix the `--` placeholders --- later', undefined],
    ['Check totals —', 'Check totals', undefined],
    ['An unclosed `code -- span', 'An unclosed `code', 'span'],
  ])('%s', (text, title, note) => {
    const split = splitTaskText(text);
    expect([split.title, split.note]).toEqual([title, note]);
  });

  test('the done date may stand anywhere; it is not part of the title or the annotation', () => {
    expect(splitTaskText('Count rows ✅ 2026-01-10 — 487 rows')).toMatchObject({
      title: 'Count rows',
      note: '487 rows',
      completedDate: '2026-01-10',
    });
  });
});

describe('what we write', () => {
  test('a separator inside a reason becomes an en dash, so that the reason reads back whole', () => {
    expect(annotationText('waiting — finance is closed -- back Monday')).toBe(
      'waiting – finance is closed – back Monday',
    );
    expect(annotationText('run `a -- b` first')).toBe('run `a -- b` first');
    const blocked = updateTaskStatus('- [ ] 1.1 Close — books', '1.1', 'blocked', 'waiting — finance is closed');
    expect(blocked).toBe('- [>] 1.1 Close — books; waiting – finance is closed');
    expect(parsePlan(blocked).phases[0].tasks[0]).toMatchObject({
      title: 'Close',
      blockedReason: 'books; waiting – finance is closed',
    });
  });

  test('the spec: unblocking removes the reason (updateTaskStatus is a pure text function)', () => {
    expect(updateTaskStatus('- [>] 1.1 Close — waiting', '1.1', 'doing')).toBe('- [/] 1.1 Close');
  });

  test('a todo line keeps what follows its dash when started, completed or blocked', () => {
    const line = '- [ ] 2.3 Add endpoint — same as v1, plus auth';
    expect(updateTaskStatus(line, '2.3', 'doing')).toBe('- [/] 2.3 Add endpoint — same as v1, plus auth');
    expect(updateTaskStatus(line, '2.3', 'done', undefined, '2026-04-02')).toBe(
      '- [x] 2.3 Add endpoint — same as v1, plus auth ✅ 2026-04-02',
    );
    expect(updateTaskStatus(line, '2.3', 'blocked', 'auth is down')).toBe(
      '- [>] 2.3 Add endpoint — same as v1, plus auth; auth is down',
    );
  });

  test('a reason given to a task with a note joins the note: the title stays the title', () => {
    const noted = '- [/] 4.1 Verify the totals — agent note: checked January';
    const blocked = updateTaskStatus(noted, '4.1', 'blocked', 'waiting on the February export');
    expect(blocked).toBe('- [>] 4.1 Verify the totals — agent note: checked January; waiting on the February export');
    expect(parsePlan(blocked).phases[0].tasks[0]).toMatchObject({
      title: 'Verify the totals',
      blockedReason: 'agent note: checked January; waiting on the February export',
    });
    // A note that ends a sentence is followed by the reason after a space.
    const skipped = updateTaskStatus('- [ ] 4.2 Archive -- kept for audit.', '4.2', 'skipped', 'not needed');
    expect(skipped).toBe('- [-] 4.2 Archive -- kept for audit. not needed');
    expect(parsePlan(skipped).phases[0].tasks[0]).toMatchObject({
      title: 'Archive',
      note: 'kept for audit. not needed',
    });
  });
});

describe('code spans in what we write', () => {
  test("a reason's backticks never close a lone backtick of the title: its code gets longer fences", () => {
    const blocked = updateTaskStatus('- [/] 1.1 Fix `foo', '1.1', 'blocked', 'use `bar` or ``baz`` instead');
    expect(blocked).toBe('- [>] 1.1 Fix `foo — use ``bar`` or ```baz``` instead');
    expect(parsePlan(blocked).phases[0].tasks[0]).toMatchObject({
      title: 'Fix `foo',
      blockedReason: 'use ``bar`` or ```baz``` instead',
    });
  });

  test('after a title whose backticks all pair, a reason is written as given', () => {
    const blocked = updateTaskStatus('- [/] 1.1 Fix `foo` and ``a`b``', '1.1', 'blocked', 'use `bar`');
    expect(blocked).toBe('- [>] 1.1 Fix `foo` and ``a`b`` — use `bar`');
  });

  test('a note that replaces one is fenced past the title alone: blocked again for the same reason, as it was', () => {
    const line = '- [>] 1.1 Load — wait for `x';
    const again = updateTaskStatus(line, '1.1', 'blocked', 'wait for `x');
    expect(again).toBe(line);
  });

  test('a note joined to a note with a lone backtick is fenced past it, and the first note stays whole', () => {
    const blocked = updateTaskStatus('- [/] 1.1 Load — wait for `x', '1.1', 'blocked', 'see `y`');
    expect(parsePlan(blocked).phases[0].tasks[0]).toMatchObject({
      title: 'Load',
      blockedReason: 'wait for `x; see ``y``',
    });
  });
});

describe('a byte-order mark never loses anything', () => {
  test('the title after a BOM is read', () => {
    expect(parsePlan('\uFEFF# Plan: T\n\nGoal: g\n').title).toBe('T');
  });

  test('a task on the first line after a BOM is read, and its update keeps the BOM', () => {
    const text = '\uFEFF- [ ] 1.1 First\n';
    expect(parsePlan(text).phases[0].tasks[0]).toMatchObject({ step: '1.1', title: 'First' });
    expect(updateTaskStatus(text, '1.1', 'doing')).toBe('\uFEFF- [/] 1.1 First\n');
  });
});
