/**
 * The offer to rewrite a plan written as another kind of checklist is in the page itself: it is there at the first
 * render even when the deferred code cannot be loaded (a dropped connection), and it does not arrive a round trip late,
 * pushing what is below it down while the person reaches for it.
 */
import { CHECKLIST } from '../core/fixtures';
import { openSidebar, taskRow, useBrowser, useLocalServers } from './harness';

const browser = useBrowser();
const startServer = useLocalServers();

test('the rewrite offer is shown with the plan, without the deferred code', async () => {
  const server = await startServer(CHECKLIST);
  const context = browser();
  await context.route('**/gas/run', async (route) => {
    const { functionName } = route.request().postDataJSON() as { functionName: string };
    if (functionName !== 'sidebarDeferredCode') return route.continue();
    const message = 'NetworkError: Connection failure due to HTTP 0';
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify({ error: { message } }) });
  });
  const { page } = await openSidebar(context, server);
  await taskRow(page, '1.2').waitFor();
  // In the same render as the tasks: no call has been answered yet.
  await expect(page.locator('.adopt-format').count()).resolves.toBe(1);
});
