/**
 * Dependencies as the person sees them: a task with an `- After:` line shows what it still waits for under it, small,
 * the finished ones in brackets (`waits for 1.2 (1.1 done)`), until it is finished.
 */
import { openSidebar, taskRow, useBrowser, useLocalServer } from './harness';

const PLAN = `# Plan: Report

Goal: A monthly report

### Phase 1: Data
- [x] 1.1 Import the sales ✅ 2026-01-10
  - After: 1.2
- [ ] 1.2 Import the costs
- [ ] 1.3 Join them
  - After: 1.1 and 1.2
`;

const browser = useBrowser();
const server = useLocalServer({ plan: PLAN });

test('a task that waits shows what for under it; a finished one does not', async () => {
  const { page } = await openSidebar(browser(), server());
  await expect(taskRow(page, '1.3').locator('.task-after').textContent()).resolves.toBe('waits for 1.2 (1.1 done)');
  await expect(taskRow(page, '1.1').locator('.task-after').count()).resolves.toBe(0);
  await expect(taskRow(page, '1.2').locator('.task-after').count()).resolves.toBe(0);
  await page.close();
});
