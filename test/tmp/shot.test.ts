import path from 'node:path';
import { ARTIFACTS, launchBrowser, openSidebar, startLocal } from '../../test/browser/harness';
test('shot', async () => {
  const browser = await launchBrowser();
  const plan = require('../../src/node/server/example-plan').EXAMPLE_PLAN.replace('- [ ] 3.2 Calculate', '- [ ] 2.1 Calculate');
  const server = await startLocal(plan);
  try {
    const { page } = await openSidebar(browser, server);
    await page.setViewportSize({ width: 300, height: 1400 });
    await page.locator('.task-list li[data-step="3.1"] .task-row').click();
    await page.screenshot({ path: path.join(ARTIFACTS, 'shot.png'), clip: { x: 0, y: 0, width: 300, height: 520 } }); await page.screenshot({ path: path.join(ARTIFACTS, 'shot2.png'), clip: { x: 0, y: 900, width: 300, height: 520 } });
  } finally { await browser.dispose(); await server.dispose(); }
}, 30000);
