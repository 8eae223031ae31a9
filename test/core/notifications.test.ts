/**
 * What newly waits for the person after a change, how events fold into one e-mail per 10 minutes, the e-mail's words,
 * and the settings that switch it on (src/core/person/notifications.ts, src/core/person/settings.ts).
 */
import { argumentsProblem } from '../../src/core/api/argument-check';
import { argumentTable } from '../../src/core/api/argument-table';
import { outlinePlan } from '../../src/core/format/parse';
import {
  MAIL_WINDOW_MS,
  composeMail,
  foldMail,
  newlyWaiting,
  readMailState,
  waitingItems,
  type WaitingItem,
} from '../../src/core/person/notifications';
import { requireSettingsChange, readSettings } from '../../src/core/person/settings';

const plan = (...lines: string[]) => outlinePlan(lines.join('\n'));

const BEFORE = plan(
  '# Plan: Invoices',
  '',
  'Goal: Send invoices',
  '',
  'Status: approved',
  '',
  '## Questions',
  '',
  '- Which month?',
  '  - Answer: March',
  '',
  '### Phase 1: Work',
  '- [ ] 1.1 Read Orders',
  '- [ ] 1.2 Write Invoices',
);

const AFTER = plan(
  '# Plan: Invoices',
  '',
  'Goal: Send invoices',
  '',
  'Status: draft',
  '',
  '## Questions',
  '',
  '- Which month?',
  '  - Answer: March',
  '- Include credit notes?',
  '',
  '### Phase 1: Work',
  '- [!] 1.1 Read Orders — totals differ',
  '- [ ] 1.2 Write Invoices',
);

const item = (key: string): WaitingItem => ({ kind: 'review', key, text: key });
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 9, minutes));

describe('what newly waits for the person', () => {
  test('a review request, a new unanswered question and a draft to approve are each found', () => {
    const fresh = newlyWaiting(waitingItems(BEFORE, true), waitingItems(AFTER, true));
    expect(fresh.map((waiting) => waiting.text)).toEqual([
      'The plan "Invoices" waits for your approval',
      'A question for you: Include credit notes?',
      'Task 1.1 "Read Orders" waits for your review: totals differ',
    ]);
  });

  test('a draft is not waiting for approval while the person does not require it', () => {
    expect(waitingItems(AFTER, false).map((waiting) => waiting.kind)).toEqual(['question', 'review']);
  });

  test('what already waited before the change is not new', () => {
    expect(newlyWaiting(waitingItems(AFTER, true), waitingItems(AFTER, true))).toEqual([]);
  });
});

describe('folding events into one e-mail per window', () => {
  test('the first event is sent at once; later ones within 10 minutes wait, then go together', () => {
    const first = foldMail({ pending: [] }, [item('a')], [item('a')], at(0));
    expect(first.send.map((sent) => sent.key)).toEqual(['a']);
    const second = foldMail(first.state, [item('b')], [item('a'), item('b')], at(5));
    expect(second.send).toEqual([]);
    const third = foldMail(second.state, [item('c')], [item('b'), item('c')], at(9));
    expect(third.send).toEqual([]);
    const fourth = foldMail(third.state, [], [item('b'), item('c')], new Date(at(0).getTime() + MAIL_WINDOW_MS));
    expect(fourth.send.map((sent) => sent.key)).toEqual(['b', 'c']);
    expect(fourth.state.pending).toEqual([]);
  });

  test('a pending event that no longer waits is dropped, and nothing is sent for it', () => {
    const sent = foldMail({ pending: [] }, [item('a')], [item('a')], at(0));
    const held = foldMail(sent.state, [item('b')], [item('b')], at(1));
    expect(foldMail(held.state, [], [], at(30))).toEqual({ send: [], state: { ...held.state, pending: [] } });
  });

  test('a full e-mail keeps twenty: questions give way past five of them, then the oldest reviews', () => {
    const many = (kind: WaitingItem['kind'], count: number, from = 0) =>
      Array.from({ length: count }, (_, index): WaitingItem => ({ kind, key: `${kind}${from + index}`, text: '' }));
    const folded = (items: WaitingItem[]) => foldMail({ pending: [] }, items, items, at(0)).send;
    const kinds = (items: WaitingItem[]) => items.map((sent) => sent.key);

    // Twenty reviews cannot keep a new question out: the oldest review gives way.
    const reviewsThenQuestion = folded([...many('review', 20), ...many('question', 1)]);
    expect(kinds(reviewsThenQuestion)).toEqual([...kinds(many('review', 19, 1)), 'question0']);
    // A burst of questions an agent may take back pushes no review out while more than five questions wait…
    const burst = folded([...many('review', 2), ...many('question', 20)]);
    expect(kinds(burst)).toEqual([...kinds(many('review', 2)), ...kinds(many('question', 18, 2))]);
    // …and at most five when reviews fill the rest; the plan's approval never gives way.
    const full = folded([
      { kind: 'approval', key: 'approval', text: '' },
      ...many('review', 18),
      ...many('question', 9),
    ]);
    expect(full).toHaveLength(20);
    expect(kinds(full)).toEqual(['approval', ...kinds(many('review', 14, 4)), ...kinds(many('question', 5, 4))]);
  });

  test('an unreadable saved state starts afresh', () => {
    expect(readMailState('{not json')).toEqual({ pending: [] });
    expect(readMailState(JSON.stringify({ pending: [{ nope: 1 }], lastSentAt: 5 }))).toEqual({ pending: [] });
  });
});

test('the e-mail says what waits, links the sheet and says how to stop the e-mails', () => {
  const mail = composeMail(waitingItems(AFTER, true), 'Invoices 2026', 'https://docs.google.com/spreadsheets/d/x/edit');
  expect(mail.subject).toBe('Sheet Plan: 3 things wait for you in Invoices 2026');
  expect(mail.body).toContain('- Task 1.1 "Read Orders" waits for your review: totals differ');
  expect(mail.body).toContain('Open the sheet: https://docs.google.com/spreadsheets/d/x/edit');
  expect(mail.body).toContain('untick "E-mail me when the plan waits for me"');
});

describe('the settings', () => {
  test('e-mails are off by default and the addresses are checked', () => {
    expect(readSettings(null)).toMatchObject({ mailWhenWaiting: false, mailTo: [] });
    expect(
      requireSettingsChange({ mailWhenWaiting: true, mailTo: [' dana@example.com ', 'dana@example.com'] }),
    ).toEqual({ mailWhenWaiting: true, mailTo: ['dana@example.com'] });
  });

  test.each([
    [{ mailTo: ['dana'] }, /"dana" is not an e-mail address/],
    [{ mailTo: Array.from({ length: 11 }, (_, n) => `p${n}@example.com`) }, /at most 10 addresses/],
  ])('%j is refused', (change, message) => {
    expect(() => requireSettingsChange(change)).toThrow(message);
  });

  test.each([
    [{ mailWhenWaiting: 'yes' }, 'change.mailWhenWaiting must be true or false (got "yes")'],
    [
      { mailTo: 'dana@example.com' },
      'change.mailTo must be a list of e-mail addresses like ["dana@example.com"] (got "dana@example.com")',
    ],
  ])('the descriptor refuses %j, saying what the setting takes', (change, message) => {
    const token = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(argumentsProblem(argumentTable().sidebarSaveSettings, [token, change])).toBe(message);
  });
});
