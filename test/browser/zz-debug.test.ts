import { EXAMPLE_PLAN } from '../../src/server/example-plan';
import { clickTaskAction, launchBrowser, openSidebar, startLocal, taskRow } from './harness';
test('states', async () => {
  const browser = await launchBrowser();
  const server = await startLocal();
  try {
    const { page } = await openSidebar(browser, server);
    await page.setViewportSize({ width: 300, height: 700 });
    await clickTaskAction(page, '3.1', 'Block…');
    await taskRow(page, '3.1').getByLabel('Why is it blocked?').fill('waiting for the POS upload');
    await taskRow(page, '3.1').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/s-block.png' });
    await page.locator('.waiting .question-item[data-question="1"]').getByRole('button', { name: 'Answer question 1' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: '/tmp/s-answer.png' });
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Plan Markdown (AGENT_BASE!C2)').fill(EXAMPLE_PLAN.replace('Goal:', 'Goal: mine'));
    await server.editCell(EXAMPLE_PLAN.replace('Goal:', 'Goal: theirs'));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.error-banner').waitFor();
    await page.screenshot({ path: '/tmp/s-conflict.png' });
    await server.editCell('');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.empty-state').waitFor({ timeout: 8000 });
    await page.screenshot({ path: '/tmp/s-empty.png' });
  } finally { await browser.dispose(); await server.dispose(); }
});
