/**
 * MailApp's limits per message, from the quotas page's current limitations
 * (https://developers.google.com/apps-script/guides/services/quotas): 50 recipients and a 200 KB body (consumer).
 */
import { MAX_BODY_BYTES } from '../../src/node/emulator/services/mail-app';
import { fresh, thrownMessage } from './helpers';

test('a body over 200 KB is refused and nothing is sent; one at the limit is sent', () => {
  const { MailApp, spreadsheet } = fresh();
  expect(thrownMessage(() => MailApp.sendEmail('person@example.com', 'big', 'é'.repeat(MAX_BODY_BYTES / 2 + 1)))).toBe(
    'Limit Exceeded: Email Body Size.',
  );
  expect(spreadsheet.sentMail).toEqual([]);
  expect(MailApp.getRemainingDailyQuota()).toBe(100);
  MailApp.sendEmail('person@example.com', 'at the limit', 'x'.repeat(MAX_BODY_BYTES));
  expect(spreadsheet.sentMail.map((mail) => mail.subject)).toEqual(['at the limit']);
});

test('a message to more than 50 recipients is refused', () => {
  const { MailApp } = fresh();
  const to = Array.from({ length: 51 }, (_, index) => `p${index}@example.com`).join(',');
  expect(thrownMessage(() => MailApp.sendEmail(to, 'many', 'body'))).toBe(
    'Limit Exceeded: Email Recipients Per Message.',
  );
});
