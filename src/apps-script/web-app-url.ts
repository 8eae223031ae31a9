/**
 * The web app's address, for the agent URLs the sidebar makes. ScriptApp.getService().getUrl() gives the deployment's
 * /exec URL only while the web app answers a request: from the sidebar (google.script.run), a menu or a trigger it
 * gives the /dev URL, which only the project's editors can open, signed in. So doGet and doPost remember the /exec URL
 * in the script properties, and the sidebar reads it there.
 */

import { rareTexts } from './rare-texts';
import { scriptProperties } from './spreadsheet-access';
import { warn } from './warn';

/** The script property holding the web app's /exec URL, as the web app last saw it. */
export const WEB_APP_URL_PROPERTY = 'sheetPlan.webAppUrl';

const EXEC_URL = /^https?:\/\/[^\s?#]+\/exec$/;

/**
 * Called by doGet and doPost: keeps the /exec URL this request came to, written only when it changed (one property
 * read per request otherwise). Never fails the request: the URL is bookkeeping for the sidebar.
 */
export function rememberWebAppUrl(): void {
  try {
    const url = ScriptApp.getService().getUrl();
    if (!url || !EXEC_URL.test(url)) return;
    const properties = scriptProperties();
    if (properties.getProperty(WEB_APP_URL_PROPERTY) !== url) properties.setProperty(WEB_APP_URL_PROPERTY, url);
  } catch (error) {
    warn(`the web app's address could not be remembered`, error);
  }
}

/** The web app's /exec URL for agent URLs, or why there is none yet and what the person does about it. */
export function knownWebAppUrl(): { url: string; notReady?: undefined } | { url: null; notReady: string } {
  const remembered = scriptProperties().getProperty(WEB_APP_URL_PROPERTY);
  if (remembered && EXEC_URL.test(remembered)) return { url: remembered };
  const live = ScriptApp.getService().getUrl();
  if (live && EXEC_URL.test(live)) return { url: live };
  // Not deployed, or deployed and not yet opened: rare, so the words are in RareTexts.html (./web-app-about.ts).
  return { url: null, notReady: live ? rareTexts().notSeen : rareTexts().notDeployed };
}
