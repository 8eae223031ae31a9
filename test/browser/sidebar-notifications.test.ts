/**
 * The person turns the e-mail on in Settings and sets where it goes; when the agent then asks for a review, the e-mail
 * is sent (recorded by the emulator) and the sidebar's change check says what newly waits (docs/notifications.md).
 */
import { checkNow, openSidebar, useBrowser, useLocalServer } from './harness';

const browser = useBrowser();
const server = useLocalServer();

const savedSettings = () => JSON.parse(server().spreadsheet.properties.script.get('sheetPlan.settings') ?? '{}');

test('the person opts in to e-mails; an agent’s review request sends one and shows in the sidebar', async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Settings' }).click();
  const setting = page.getByLabel(/E-mail me when the plan waits for me/);
  await expect(setting.isChecked()).resolves.toBe(false);
  await setting.check();
  await page.locator('.status-bar .notice', { hasText: 'You get an e-mail when the plan waits for you' }).waitFor();
  const addresses = page.locator('input.mail-to');
  await addresses.fill('dana@example.com, lee@example.com');
  await addresses.press('Enter');
  await addresses.blur();
  await page.locator('.status-bar .notice', { hasText: 'E-mails go to dana@example.com, lee@example.com' }).waitFor();
  expect(savedSettings()).toMatchObject({ mailWhenWaiting: true, mailTo: ['dana@example.com', 'lee@example.com'] });
  await page.getByRole('button', { name: 'Close' }).click();

  const review = await server().scriptsRun('reviewTask', ['4.1', 'row counts differ by 2']);
  expect(review.status).toBe(200);
  await checkNow(page);
  await page
    .locator('.status-bar .notice', { hasText: 'For you: Task 4.1 "Verify row counts' })
    .waitFor({ timeout: 8000 });
  expect(server().spreadsheet.sentMail).toHaveLength(1);
  expect(server().spreadsheet.sentMail[0]).toMatchObject({ to: ['dana@example.com', 'lee@example.com'] });
  expect(server().spreadsheet.sentMail[0]!.body).toContain('row counts differ by 2');
});

test('a bad address is refused with what is allowed, and the settings keep their value', async () => {
  const { page } = await openSidebar(browser(), server());
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel(/E-mail me when the plan waits for me/).check();
  await page.locator('.status-bar .notice', { hasText: 'You get an e-mail' }).waitFor();
  const addresses = page.locator('input.mail-to');
  await addresses.fill('dana at example');
  await addresses.blur();
  // Said under the field, in plain words; what was typed stays in it.
  await page.getByText(/“dana at example” is not an e-mail address: write it like dana@example.com/).waitFor();
  await expect(addresses.inputValue()).resolves.toBe('dana at example');
  expect(savedSettings()).toMatchObject({ mailWhenWaiting: true, mailTo: [] });
});
