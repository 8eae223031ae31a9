/** What the revision record remembers of the changes sent with a request id, and its bounds. */
import {
  ANSWER_CHARACTERS,
  REMEMBERED_CHARACTERS,
  changeRequest,
  nextRequests,
  repeatedAnswer as repeatedAnswerIn,
  type AnsweredRequest,
  type ChangeRequest,
  type PlanNow,
} from '../../src/core/write-path/request-ids';
import { readPlanRecord, revisionRecord, revisionStamp, writePlanRecord } from '../../src/core/write-path/revision';

const AT = '2026-01-10T09:00:00.000Z';

/** The record's text `meta` remembering what `previous` did and `answered`, as the write path writes it. */
function recordWithRequests(meta: string, previous: string, answered?: AnsweredRequest): string {
  return writePlanRecord({ ...readPlanRecord(meta)!, requests: nextRequests(readPlanRecord(previous), answered) });
}

/** repeatedAnswer over a record's text, as the write path reads it. */
const repeatedAnswer = (request: ChangeRequest | undefined, meta: string, now: PlanNow) =>
  repeatedAnswerIn(request, readPlanRecord(meta), now);

function recordAt(revision: number, text: string): string {
  return revisionRecord(revision, text, 'api', AT).meta;
}

function planNow(revision: number, text: string): PlanNow {
  return {
    stamp: revisionStamp(revision, text),
    revision: { revision, changedBy: 'api' },
    plan: () => ({ raw: text, revision, stamp: revisionStamp(revision, text) }),
  };
}

/** The record after `revision` wrote `text` for `request`, answering `answer`. */
function written(previous: string, revision: number, text: string, id: string, answer: unknown): string {
  const request = changeRequest('setTaskNote', ['1.1', id], { requestId: id })!;
  return recordWithRequests(recordAt(revision, text), previous, {
    request,
    answer,
    revision,
    text,
    stamp: revisionStamp(revision, text),
  });
}

test('a record without ids stays exactly the revision record', () => {
  expect(recordWithRequests(recordAt(3, 'plan'), recordAt(2, 'old plan'))).toBe(recordAt(3, 'plan'));
});

test('a record that is not ours (edited by hand) remembers nothing, and a write starts afresh from it', () => {
  const request = changeRequest('startTask', ['1.1'], { requestId: 'request-0001' });
  expect(repeatedAnswer(request, 'typed over by a person', planNow(1, 'plan'))).toBeUndefined();
  const meta = written('typed over by a person', 2, 'plan', 'request-0001', { step: '1.1' });
  expect(JSON.parse(meta).requests).toHaveLength(1);
});

test(`the remembered changes stay within ${REMEMBERED_CHARACTERS} characters, the oldest forgotten first`, () => {
  let meta = '';
  const note = 'n'.repeat(ANSWER_CHARACTERS / 4);
  for (let i = 1; i <= 12; i++) meta = written(meta, i + 1, `plan ${i}`, `request-${i}-long`, { step: '1.1', note });
  const ids = (JSON.parse(meta).requests as Array<{ id: string }>).map((entry) => entry.id);
  expect(JSON.stringify(JSON.parse(meta).requests).length).toBeLessThanOrEqual(REMEMBERED_CHARACTERS);
  expect(ids.at(-1)).toBe('request-12-long');
  expect(ids).toEqual(ids.slice().sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1])));
  expect(ids.length).toBeLessThan(12);
});

test('a whole plan in an answer is kept as its stamp and given back while the plan is unchanged', () => {
  const text = '# Plan: P\n\nGoal: g\n';
  const plan = { title: 'P', raw: text, revision: 4, stamp: revisionStamp(4, text) };
  const meta = written('', 4, text, 'request-0004', { plan, renumbered: ['1.2 → 1.3'] });
  expect(meta).not.toContain('Goal: g');
  const request = changeRequest('setTaskNote', ['1.1', 'request-0004'], { requestId: 'request-0004' });
  expect(repeatedAnswer(request, meta, planNow(4, text))).toEqual({
    answer: { plan: { raw: text, revision: 4, stamp: revisionStamp(4, text) }, renumbered: ['1.2 → 1.3'] },
  });
  expect(() => repeatedAnswer(request, meta, planNow(5, `${text}- more\n`))).toThrow(
    'CONFLICT: The change with requestId "request-0004" was already applied (revision 4); the plan has changed since',
  );
});

test('an argument left out and a null one name the same call', () => {
  expect(changeRequest('createPlan', ['T', 'G', [], undefined], { requestId: 'request-0001' })).toEqual(
    changeRequest('createPlan', ['T', 'G', [], null], { requestId: 'request-0001' }),
  );
  expect(changeRequest('createPlan', ['T', 'G', [], { notes: 'n' }], { requestId: 'request-0001' })).not.toEqual(
    changeRequest('createPlan', ['T', 'G', [], null], { requestId: 'request-0001' }),
  );
});
