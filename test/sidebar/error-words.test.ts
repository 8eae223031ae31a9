/** Every error a person sees in the sidebar is in plain words, with Sheet Plan's code after them. */
import { describeError } from '../../sidebar/src/error-words';
import * as rareRefusals from '../../src/apps-script/rare-refusals';
import { sessionRefused } from '../../sidebar/src/server';

test.each([
  [
    'Error: BUSY: The plan is busy: another execution is changing it. Nothing was written; try again in a moment',
    {
      text: 'The plan is busy: another execution is changing it. Nothing was written; try again in a moment.',
      code: 'BUSY',
    },
  ],
  [
    'SERVICE_ERROR: Service Spreadsheets failed while accessing document with id 1a2b.',
    {
      text:
        'Google Sheets could not finish this (Service Spreadsheets failed while accessing document with id 1a2b). ' +
        'Nothing was changed; try again in a moment.',
      code: 'SERVICE_ERROR',
    },
  ],
  [
    'INVALID_PLAN: Step 2.1 is listed 2 times (lines 12, 15); renumber the plan first',
    {
      text:
        'The plan must be fixed before this can be done: Step 2.1 is listed 2 times (lines 12, 15); renumber the ' +
        'plan first.',
      code: 'INVALID_PLAN',
    },
  ],
  ['answer must not be empty', { text: 'Something went wrong: Answer must not be empty.' }],
  [
    'NetworkError: Connection failure due to HTTP 0',
    { text: 'The sidebar could not reach Google Sheets. Nothing was changed; check your connection and try again.' },
  ],
  [
    'Exception: Too many simultaneous invocations',
    { text: 'Something went wrong: Too many simultaneous invocations.' },
  ],
])('%s', (message, shown) => {
  expect(describeError(new Error(message))).toEqual(shown);
});

test('no message keeps a bare code or a runtime name in front', () => {
  for (const message of ['INVALID_TRANSITION: Task 1.2 is already done', 'Error: NOT_FOUND: Task 9.9 not found']) {
    expect(describeError(new Error(message)).text).not.toMatch(/^[A-Za-z_]+: /);
  }
});

test("the sidebar ends its session only for the server's session refusals, which all name the session", () => {
  const refusal = (detail: string) => new Error(`Error: NEEDS_PERSON: ${detail}`);
  for (const detail of [rareRefusals.noSession(), rareRefusals.sessionGone(), rareRefusals.otherSpreadsheet()]) {
    expect(sessionRefused(refusal(detail))).toBe(true);
  }
  const notOwn = 'The sheet "Agent_History" is not Sheet Plan\'s own, but Sheets takes it for Sheet Plan\'s hidden …';
  expect(sessionRefused(refusal(notOwn))).toBe(false);
  expect(sessionRefused(new Error('Error: CONFLICT: the sidebar session is fine, the plan changed'))).toBe(false);
});
