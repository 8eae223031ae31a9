/**
 * The authorize page of the relay's OAuth server, as HTML text: the person who connects a cloud client (Claude.ai,
 * ChatGPT) pastes the agent URL the sidebar made, and the relay binds it to the client's grant. Pure: every value
 * from the client or the person is escaped here.
 */

/** What the page shows of the request, from the OAuth library's describeConsent. */
export interface PageFacts {
  clientName: string;
  clientDomain?: string;
  redirectHost: string;
  redirectIsLoopback: boolean;
}

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#202124}
label{display:block;font-weight:600;margin-top:1rem}input[type=url]{width:100%;box-sizing:border-box;padding:.5rem;
font:inherit}.error{border-left:4px solid #b3261e;padding:.5rem 1rem;background:#fce8e6}button{font:inherit;
padding:.5rem 1rem;margin:1rem .5rem 0 0}.hint{color:#5f6368;font-size:.9rem}`;

/** The page: who asks, where access goes, the agent URL field, Allow and Deny; `error` when a first try failed. */
export function authorizePage(facts: PageFacts, handle: string, error?: string): string {
  const name = escapeHtml(facts.clientName);
  const who = facts.clientDomain
    ? `published by <strong>${escapeHtml(facts.clientDomain)}</strong>`
    : 'which registered itself (its name is not verified)';
  const loopback = facts.redirectIsLoopback
    ? '<p><strong>Access goes to an app on this computer.</strong> Go on only if you just started connecting ' +
      'from it.</p>'
    : '';
  const problem = error ? `<p class="error" id="agent-url-error" role="alert">${escapeHtml(error)}</p>` : '';
  const described = error ? 'agent-url-hint agent-url-error' : 'agent-url-hint';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Connect ${name} to a Sheet Plan sheet</title><style>${STYLE}</style></head>
<body><main>
<h1>Connect ${name} to a Sheet Plan sheet</h1>
<p>${name}, ${who}, asks to work on a sheet's plan as an agent. Access will be sent to
<strong>${escapeHtml(facts.redirectHost)}</strong>.</p>
${loopback}${problem}
<form method="post">
<input type="hidden" name="handle" value="${escapeHtml(handle)}">
<label for="agent-url">Agent URL</label>
<input type="url" id="agent-url" name="agent_url" required autocomplete="off" spellcheck="false"
 aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="agent-url-hint">In the sheet: Agent Plan → Open plan → Connect an agent. Copy the
agent URL it shows (it ends in <code>?key=…</code>). The agent can do what that key allows until you revoke the key
there.</p>
<button type="submit" name="decision" value="approve">Connect</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</form>
</main></body></html>`;
}
