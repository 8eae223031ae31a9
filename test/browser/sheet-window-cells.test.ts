/**
 * npm start's page shows every visible sheet's cells on its tab, as Sheets does, and a person edits them there: the
 * edit goes through the emulator's person-edit path, so a newcomer sees the agent's writes and can try Undo's conflict.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECRET_HEADER } from '../../src/node/server/local-only';
import { startServer } from '../../src/node/server/main';
import { ARTIFACTS, openSheetWindow, useBrowser, useLocalServer } from './harness';

const browser = useBrowser();
const server = useLocalServer();

async function putCell(body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server().url}/api/window/cell`, {
    method: 'PUT',
    headers: { [SECRET_HEADER]: server().secret, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Waits (up to 5 s) for the cell to hold `value`: the page's edit is sent when the person presses Enter. */
async function cellBecomes(reference: string, value: string | number): Promise<void> {
  for (let waited = 0; waited < 5000; waited += 50) {
    if (server().spreadsheet.cell(reference) === value) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(server().spreadsheet.cell(reference)).toBe(value);
}

test("another sheet's tab shows its cells and the agent's write; a person's edit there makes Undo refuse", async () => {
  const { status, body } = await server().scriptsRun('writeRange', ['Discrepancies!A2', [['WH-1001', 40]], '3.1']);
  expect(status).toBe(200);
  const { page, dialogs, sidebar } = await openSheetWindow(browser(), server());
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('tab', { name: 'Warehouse' }).click();
  await expect(page.getByLabel('Warehouse!A2', { exact: true }).textContent()).resolves.toBe('WH-1001');
  await page.getByRole('tab', { name: 'Discrepancies' }).click();
  const written = page.getByLabel('Discrepancies!B2', { exact: true });
  await expect(written.textContent()).resolves.toBe('40');

  await written.dblclick();
  const input = page.getByLabel('Edit Discrepancies!B2');
  await input.fill('checked by Ann');
  await input.press('Enter');
  await cellBecomes('Discrepancies!B2', 'checked by Ann');
  await written.filter({ hasText: 'checked by Ann' }).waitFor();
  await expect(page.locator('#name-box').textContent()).resolves.toBe('B2');
  // The formula bar follows the clicked cell after the name box: wait for it rather than read it at once.
  await page
    .locator('#formula-text')
    .filter({ hasText: /^checked by Ann$/ })
    .waitFor();
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'emulator-other-sheet-edit.png') });

  await sidebar
    .locator('.task-list li[data-step="3.1"]')
    .locator(`.write-entry[data-write="${body.response.result.id}"]`)
    .getByRole('button', { name: /^Undo/ })
    .click();
  await expect(sidebar.locator('.error-banner .error-text').textContent()).resolves.toContain(
    'B2 now holds "checked by Ann" (the agent wrote 40)',
  );
  expect(server().spreadsheet.cell('Discrepancies!A2')).toBe('WH-1001');
  expect(dialogs).toEqual([]);
  await page.close();
});

test('typing into a selected cell replaces it; Escape discards the edit and nothing is written', async () => {
  const { page } = await openSheetWindow(browser(), server());
  await page.getByRole('tab', { name: 'Products' }).click();
  const cell = page.getByLabel('Products!F3', { exact: true });
  await cell.click();
  await page.keyboard.type('7');
  await page.keyboard.press('Escape');
  await expect(cell.textContent()).resolves.toBe('');
  await cell.click();
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  // Stored as Sheets stores typing: a number, shown as typed.
  await cellBecomes('Products!F3', 12);
  await expect(page.locator('#sheet-grid input').count()).resolves.toBe(0);
  // A date typed is stored as a Date; the grid, once it refreshes, shows it as Sheets' grid shows dates.
  const dateCell = page.getByLabel('Products!F4', { exact: true });
  await dateCell.click();
  await page.keyboard.type('2026-01-10');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[aria-label="Products!F4"]')?.textContent === '1/10/2026');
  expect(server().spreadsheet.cell('Products!F4')).toBeInstanceOf(Date);
  await page.close();
});

test('an edit of a hidden sheet, the plan sheet or not one cell is refused, saying what is allowed', async () => {
  const before = server().spreadsheet.toJSON();
  const refusals = [
    [{ sheet: 'AGENT_HISTORY', cell: 'A1', text: 'x' }, /visible sheets other than AGENT_BASE/],
    [{ sheet: 'AGENT_BASE', cell: 'C2', text: 'x' }, /visible sheets other than AGENT_BASE/],
    [{ sheet: 'Warehouse', cell: 'A1:B2', text: 'x' }, /one cell in A1 notation/],
    [{ sheet: 'Warehouse', cell: 'A1', text: 5 }, /"text": what the person typed/],
  ] as const;
  for (const [request, message] of refusals) {
    const answer = await putCell(request);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  }
  expect(server().spreadsheet.toJSON()).toEqual(before);
});

test(
  "a hidden column is left out of the page as Sheets leaves it out: the plan sheet's record column D, which " +
    "set-up hides, and another sheet's",
  async () => {
    // Without a plan sheet: Initialize plan in the page's menu sets it up as in Google, hiding the record's column.
    const folder = mkdtempSync(path.join(tmpdir(), 'sheet-plan-hidden-'));
    const local = await startServer({
      port: 0,
      stateFile: path.join(folder, 'spreadsheet.json'),
      distDir: path.resolve(__dirname, '../../dist'),
      seed: 'no plan',
    });
    try {
      const page = await browser().newPage();
      await page.goto(local.url);
      const headers = page.locator('#plan-sheet thead th[data-column]:visible');
      await expect(headers.allTextContents()).resolves.toEqual(['A', 'B', 'C', 'D', 'E']);
      await page.getByRole('button', { name: 'Agent Plan' }).click();
      await page.getByRole('menuitem', { name: 'Initialize plan' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      expect([...local.spreadsheet.sheetNamed('AGENT_BASE')!.hiddenColumns]).toEqual([4]);
      await page.locator('#metadata-cell').waitFor({ state: 'hidden' });
      await expect(headers.allTextContents()).resolves.toEqual(['A', 'B', 'C', 'E']);
      await expect(page.locator('#plan-sheet th.after-hidden').textContent()).resolves.toBe('E');
      await expect(page.locator('#metadata-label-cell').isVisible()).resolves.toBe(false);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'emulator-hidden-record-column.png') });

      // Served after set-up, the page leaves column D out from the start; the plan's column keeps its width.
      local.spreadsheet.sheetNamed('Warehouse')!.hiddenColumns.add(2);
      await page.reload();
      await expect(headers.allTextContents()).resolves.toEqual(['A', 'B', 'C', 'E']);
      const planWidth = await page.locator('#plan-sheet td:has(#plan-cell)').evaluate((cell) => cell.clientWidth);
      expect(planWidth).toBeGreaterThanOrEqual(540);
      await page.getByRole('tab', { name: 'Warehouse' }).click();
      await expect(page.getByLabel('Warehouse!A2', { exact: true }).textContent()).resolves.toBe('WH-1001');
      await expect(page.getByLabel('Warehouse!C2', { exact: true }).textContent()).resolves.toBe('35');
      await expect(page.getByLabel('Warehouse!B2', { exact: true }).count()).resolves.toBe(0);
      await expect(page.locator('#sheet-grid th.after-hidden').textContent()).resolves.toBe('C');

      // Shown again (as Unhide column would), the page follows on its next refresh.
      local.spreadsheet.sheetNamed('AGENT_BASE')!.hiddenColumns.delete(4);
      await page.getByRole('tab', { name: 'AGENT_BASE' }).click();
      await page.locator('#metadata-cell').waitFor({ state: 'visible' });
      await expect(headers.allTextContents()).resolves.toEqual(['A', 'B', 'C', 'D', 'E']);
      // The label over the record names the record written (its revision and fingerprint) and the settings.
      const record = JSON.parse(await page.locator('#metadata-cell').innerText());
      await expect(page.locator('#metadata-label-cell').innerText()).resolves.toMatch(
        new RegExp(`^Sheet Plan revision ${record.revision} \\([\\da-z]+-[\\da-f]+\\) settings [\\da-z]+-[\\da-f]+$`),
      );
      await expect(page.locator('#plan-sheet th.after-hidden').count()).resolves.toBe(0);
      await page.close();
    } finally {
      await local.close();
      rmSync(folder, { recursive: true, force: true });
    }
  },
);

test(
  "a formula opens in the cell's editor and the formula bar as written, as in Sheets: Enter leaves it, an edit " +
    'changes it; text that reads as a number opens with its apostrophe',
  async () => {
    server().spreadsheet.setFormulaResult('Products!F5', '=SUM(C2:C3)', 75);
    expect((await putCell({ sheet: 'Products', cell: 'F6', text: "'0042" })).status).toBe(200);
    const { page } = await openSheetWindow(browser(), server());
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') sent.push(request.postData() ?? '');
    });
    await page.getByRole('tab', { name: 'Products' }).click();
    const total = page.getByLabel('Products!F5', { exact: true });
    await expect(total.textContent()).resolves.toBe('75');
    await total.click();
    await page
      .locator('#formula-text')
      .filter({ hasText: /^=SUM\(C2:C3\)$/ })
      .waitFor();

    await total.dblclick();
    const editor = page.getByLabel('Edit Products!F5');
    await expect(editor.inputValue()).resolves.toBe('=SUM(C2:C3)');
    await editor.press('Enter');
    await expect(page.locator('#sheet-grid input').count()).resolves.toBe(0);
    await expect(total.textContent()).resolves.toBe('75');
    const code = page.getByLabel('Products!F6', { exact: true });
    await expect(code.textContent()).resolves.toBe('0042');
    await code.dblclick();
    await expect(page.getByLabel('Edit Products!F6').inputValue()).resolves.toBe("'0042");
    await page.getByLabel('Edit Products!F6').press('Enter');
    // Opened and left as they were, neither cell was sent, and both hold what they held.
    expect(sent).toEqual([]);
    expect(server().spreadsheet.formula('Products!F5')).toBe('=SUM(C2:C3)');
    expect(server().spreadsheet.cell('Products!F6')).toBe('0042');

    await total.dblclick();
    await editor.fill('=SUM(C2:C4)');
    await editor.press('Enter');
    for (let waited = 0; waited < 5000 && !server().spreadsheet.formula('Products!F5').includes('C4'); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server().spreadsheet.formula('Products!F5')).toBe('=SUM(C2:C4)');
    await page.close();
  },
);

test("the plan cell a person's typing made a formula opens with that formula, and Escape leaves it", async () => {
  const response = await fetch(`${server().url}/api/cells`, {
    method: 'PUT',
    headers: { [SECRET_HEADER]: server().secret, 'content-type': 'application/json' },
    body: JSON.stringify({ 'AGENT_BASE!C2': '- [ ] 1.1 Count the bins' }),
  });
  expect(response.status).toBe(200);
  const { page } = await openSheetWindow(browser(), server());
  const planCell = page.locator('#plan-cell');
  await page.waitForFunction(() => (document.getElementById('plan-cell') as HTMLTextAreaElement).value === '#ERROR!');
  await expect(page.locator('#formula-text').textContent()).resolves.toBe('=- [ ] 1.1 Count the bins');
  await planCell.focus();
  await expect(planCell.inputValue()).resolves.toBe('=- [ ] 1.1 Count the bins');
  await planCell.press('Escape');
  await expect(planCell.inputValue()).resolves.toBe('#ERROR!');
  expect(server().spreadsheet.formula('AGENT_BASE!C2')).toBe('=- [ ] 1.1 Count the bins');
  await page.close();
});
