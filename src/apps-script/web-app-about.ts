import { DEPLOY } from './web-app-deploy';

/**
 * What the web app's URL is, as doGet answers a person who opens it in a browser (MCP clients POST). Not imported by
 * the bundle: scripts/build.mjs writes it into RareTexts.html (./rare-texts.ts), since a GET is rare beside the POSTs
 * of every tool call, and Apps Script evaluates all of Code.js for each of those.
 */
export const WEB_APP_ABOUT =
  "This is Sheet Plan's MCP endpoint. An MCP client POSTs JSON-RPC (MCP over Streamable HTTP) to this URL " +
  "with the agent's key: ?key=… as the sheet's owner gave it (Agent Plan → Open plan → Connect an agent). " +
  'Opening it here once also tells the sidebar this address, for the agent URLs it makes.';

/** What the web app answers a request whose URL's key is missing, unknown or revoked (JSON-RPC -32001). */
export const WEB_APP_REFUSED_KEY =
  "Sheet Plan refused this URL's key: it is missing, wrong or revoked. The sheet's owner makes a new one in the " +
  'sidebar: Agent Plan → Open plan → Connect an agent.';

/** What the sidebar says when the web app is not deployed (so no agent has an address): rare, as is the next. */
export const WEB_APP_NOT_DEPLOYED = `The web app is not deployed yet, so an agent has no address: ${DEPLOY}.`;

/** What the sidebar says of a web app that is deployed but has not answered yet, so its address is not known. */
export const WEB_APP_NOT_SEEN =
  "Sheet Plan learns the web app's address the first time it answers. Open its address once in your browser " +
  `(npm run deploy printed it: https://script.google.com/macros/s/…/exec), then check again here. If it was never ` +
  `deployed, ${DEPLOY}.`;
