/**
 * Done means checked, as the person sees it: a completion the checks refused shows as a line under the task, with
 * the cells that failed and what they hold.
 */
import { openSidebar, taskRow, useBrowser, useLocalServer } from './harness';

const browser = useBrowser();
const server = useLocalServer();

test('a refused completion shows under its task: the check failed, naming the cell', async () => {
  const written = await server().scriptsRun('writeRange', ['Discrepancies!A2', [['WH-1001', 40]], '3.1']);
  expect(written.status).toBe(200);
  server().spreadsheet.setFormulaResult('Discrepancies!B2', '=B1/0', '#DIV/0!');
  const { body } = await server().scriptsRun('completeTask', ['3.1']);
  expect(JSON.stringify(body)).toContain('CHECK_FAILED');

  const { page } = await openSidebar(browser(), server());
  const line = taskRow(page, '3.1').locator('.task-check');
  await expect(line.textContent()).resolves.toMatch(
    /^Check: the cells it wrote — failed .+: Discrepancies!B2 holds "#DIV\/0!" \(formula error\)$/,
  );
});
