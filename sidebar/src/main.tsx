/** The Agent Plan sidebar: started once its session (the script the server adds to the page) is there. */
import { render } from 'preact';
import { App } from './components/app';
import { SidebarController } from './controller';
import { connect, readSession } from './server';
import { lendSharedModules } from './deferred-shared';
import { keepFocusInView } from './focus-in-view';
import './styles.css';

function start(): void {
  const root = document.getElementById('app')!;
  const session = readSession();
  if (!session) {
    root.textContent = 'This page is the Agent Plan sidebar: open it from the spreadsheet (Agent Plan → Open plan).';
    return;
  }
  lendSharedModules();
  keepFocusInView();
  const controller = new SidebarController(connect(session));
  // The plan the server wrote into the page is in the first render; a page without it asks for it.
  if (session.view) controller.opened(session.view);
  render(<App controller={controller} />, root);
  if (!session.view) void controller.load();
}

// The server puts the session script before this one (protocol.ts pageWithSession): start at once. A page that has
// it later starts when the whole page is parsed.
if (readSession() || document.readyState !== 'loading') start();
else document.addEventListener('DOMContentLoaded', start);
