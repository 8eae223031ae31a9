/**
 * The session the server writes into the sidebar page is read back exactly, and nothing in it can end the script
 * element.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APP_ROOT,
  pageWithSession,
  sessionFromPage,
  sessionScript,
  type SidebarSession,
} from '../../sidebar/src/protocol';

test('a page with the session script gives the session back', () => {
  const token = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const page = `<html><body><p>sidebar</p></body></html>${sessionScript({ token })}`;
  expect(sessionFromPage(page)).toEqual({ token: '0f8fad5b-d9cb-469f-a165-70867728950e' });
});

test('a value holding </script> stays inside the element and reads back unchanged', () => {
  const script = sessionScript({ token: '</script><script>alert(1)</script>' });
  expect(script.match(/<\/script>/g)).toHaveLength(1);
  expect(sessionFromPage(script)).toEqual({ token: '</script><script>alert(1)</script>' });
});

test('a page without one gives null', () => {
  expect(sessionFromPage('<html></html>')).toBeNull();
});

test('the session goes just after the root, before the page’s own script, and any text in it stays as it was', () => {
  const built = '<html><body>\n<div id="app"></div>\n<script>start()</script>\n</body></html>';
  const session: SidebarSession = {
    token: 't',
    view: { markdown: 'Total $& and $1 </div>', revision: 1, changedBy: 'sidebar', stamp: 's' },
  };
  const page = pageWithSession(built, session);
  expect(page.indexOf(sessionScript(session))).toBe(built.indexOf(APP_ROOT) + APP_ROOT.length);
  expect(page.indexOf(sessionScript(session))).toBeLessThan(page.indexOf('<script>start()'));
  expect(sessionFromPage(page)).toEqual(session);
});

test('the built sidebar page has the root the session goes after, once, before its script', () => {
  const built = readFileSync(path.resolve(__dirname, '../../dist/Sidebar.html'), 'utf8');
  expect(built.split(APP_ROOT)).toHaveLength(2);
  expect(built.indexOf(APP_ROOT)).toBeLessThan(built.indexOf('<script>'));
});
