import { useEffect, useState } from 'preact/hooks';
import { agentSetups, cliScript, isLocalAddress } from '../agent-setups';
import type { SidebarController } from '../controller';
import type { AgentSummary, AgentsView, ConnectedAgentView } from '../protocol';
import { Confirm } from './confirm';
import { PanelFrame } from './panel-title';

/** How often the panel asks again whether the web app's address is known, while it is not. */
const RECHECK_MS = 15_000;

export interface ConnectAgentProps {
  view: AgentsView | null;
  connected: ConnectedAgentView | null;
  controller: SidebarController;
  disabled: boolean;
}

/**
 * Connect an agent: the person names an agent, gets its URL once (the server keeps only the key's hash), sees each
 * agent's last use and revokes it. Only a person reaches this: every call carries the person token.
 */
export function ConnectAgent({ view, connected, controller, disabled }: ConnectAgentProps) {
  return (
    <PanelFrame kind="agents" onClose={() => controller.closePanel()}>
      {view === null ? (
        <p class="loading">Loading the agents…</p>
      ) : (
        <>
          <RelaySetting relayUrl={view.relayUrl} controller={controller} disabled={disabled} />
          {connected ? (
            <NewKey connected={connected} controller={controller} />
          ) : (
            <NameForm view={view} controller={controller} disabled={disabled} />
          )}
          <AgentList agents={view.agents} controller={controller} disabled={disabled} />
        </>
      )}
    </PanelFrame>
  );
}

/**
 * The relay's address, a sheet setting entered once: MCP clients cannot follow Google's redirect to another origin,
 * so HTTP and cloud clients reach the sheet through it (docs/agents.md).
 */
function RelaySetting({
  relayUrl,
  controller,
  disabled,
}: {
  relayUrl: string;
  controller: SidebarController;
  disabled: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(relayUrl);
  if (relayUrl && !editing) {
    return (
      <p class="relay-setting">
        Relay: <code>{relayUrl}</code>{' '}
        <button type="button" class="button text" disabled={disabled} onClick={() => setEditing(true)}>
          Change
        </button>
      </p>
    );
  }
  return (
    <form
      class="relay-form"
      onSubmit={(event) => {
        event.preventDefault();
        void controller.saveRelayUrl(text.trim()).then((saved) => saved && setEditing(false));
      }}
    >
      <label class="field-label" for="relay-url">
        Relay address
      </label>
      <input
        id="relay-url"
        class="field"
        placeholder="https://sheet-plan-relay.you.workers.dev"
        value={text}
        disabled={disabled}
        onInput={(event) => setText(event.currentTarget.value)}
      />
      <p class="field-hint">
        Claude, ChatGPT, Cursor and VS Code connect through a relay, because Google's answers come back from another
        address than the one they call. Deploy yours once with npm run relay:deploy (see docs/agents.md), or for this
        computer run npm run relay -- --port 8787 --to &lt;the web app's address&gt;, and enter its address here. Until
        then, the set-ups below run Sheet Plan's own program on your computer.
      </p>
      <div class="button-row">
        <button type="submit" class="button primary" disabled={disabled || text.trim() === relayUrl}>
          Save the relay address
        </button>
      </div>
    </form>
  );
}

function NameForm({
  view,
  controller,
  disabled,
}: {
  view: AgentsView;
  controller: SidebarController;
  disabled: boolean;
}) {
  const [name, setName] = useState('');
  const waiting = Boolean(view.notReady);
  // While the web app's address is unknown, check again by itself: when the person comes back from opening the
  // address in their browser (focus, the tab shown again), and every 15 s meanwhile.
  useEffect(() => {
    if (!waiting) return undefined;
    const check = () => {
      if (document.visibilityState === 'visible') void controller.recheckAgents();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    const timer = window.setInterval(check, RECHECK_MS);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
      window.clearInterval(timer);
    };
  }, [waiting, controller]);
  if (view.notReady) {
    return (
      <div class="connect-not-ready">
        <p>{view.notReady}</p>
        <p class="hint">This panel checks again by itself when you come back to it.</p>
        <button type="button" class="button text" disabled={disabled} onClick={() => void controller.openAgents()}>
          Check again
        </button>
      </div>
    );
  }
  return (
    <form
      class="connect-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) void controller.connectAgent(name.trim());
      }}
    >
      <p class="hint">
        An agent gets its own address with a key in it: no Google sign-in, and only the plan's rules let it in. You see
        the address once; revoke it here at any time.
      </p>
      <label class="field-label" for="agent-name">
        Name this agent
      </label>
      <input
        id="agent-name"
        class="field"
        maxLength={60}
        placeholder="Claude on my laptop"
        value={name}
        disabled={disabled}
        onInput={(event) => setName(event.currentTarget.value)}
      />
      <p class="field-hint">Its changes to the plan are shown under this name.</p>
      <div class="button-row">
        <button type="submit" class="button primary" disabled={disabled || !name.trim()}>
          Create its address
        </button>
      </div>
    </form>
  );
}

/** Copies `text`; the sidebar's frame may refuse the clipboard, and then the person copies it by hand. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

function CopyBox({
  label,
  text,
  rows = 1,
  wrap = false,
}: {
  label: string;
  text: string;
  rows?: number;
  wrap?: boolean;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div class="copy-box">
      <textarea
        class={`field copy-text${wrap ? ' wrap' : ''}`}
        readOnly
        rows={rows}
        aria-label={label}
        value={text}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        class="button text"
        aria-label={`Copy ${label}`}
        onClick={() => void copyText(text).then(setCopied)}
      >
        {copied === null ? 'Copy' : copied ? 'Copied' : 'Select and press Ctrl+C'}
      </button>
    </div>
  );
}

function NewKey({ connected, controller }: { connected: ConnectedAgentView; controller: SidebarController }) {
  const local = isLocalAddress(connected.url);
  const [folder, setFolder] = useState('');
  const setups = agentSetups(connected.url, { relayUrl: connected.relayUrl, cli: cliScript(folder) });
  return (
    <section class="new-key" aria-label={`${connected.agent.name}'s address`}>
      {/* A name is isolated from the words around it: a right-to-left one would carry their punctuation with it. */}
      <h2 class="section-title">
        <bdi>{connected.agent.name}</bdi>'s address
      </h2>
      <p class="new-key-warning">
        Copy it now: it is shown only this once. Anyone with it can work on this plan as{' '}
        <bdi>{connected.agent.name}</bdi>.
      </p>
      <CopyBox label="the agent's address" text={connected.url} rows={5} wrap />
      {local && (
        <p class="hint">
          This is the local emulator's address: programs on this computer reach it (Claude Code, Cursor, VS Code).
          Claude's and ChatGPT's connectors connect from their cloud and need the deployed web app and relay.
        </p>
      )}
      <h3 class="section-title">Set up your agent</h3>
      <label class="field-label" for="cli-folder">
        Where Sheet Plan is on the agent's computer
      </label>
      <input
        id="cli-folder"
        class="field"
        placeholder="/home/you/sheet-plan (npm run deploy printed it)"
        value={folder}
        onInput={(event) => setFolder(event.currentTarget.value)}
      />
      <p class="field-hint">For the set-ups that run Sheet Plan's own program with Node.js (they need no relay).</p>
      {setups.map((setup) => (
        <details key={setup.client} class="agent-setup">
          <summary>{setup.client}</summary>
          <p class="setup-steps">{setup.steps}</p>
          {setup.snippet && (
            <CopyBox
              label={`the ${setup.client} set-up`}
              text={setup.snippet}
              rows={setup.snippet.split('\n').length}
            />
          )}
          {setup.bridge && (
            <>
              {setup.snippet && <p class="setup-steps">Or without the relay, with Sheet Plan's own program:</p>}
              <CopyBox
                label={`the ${setup.client} set-up through the bridge`}
                text={setup.bridge}
                rows={setup.bridge.split('\n').length}
              />
            </>
          )}
          {setup.fromTheCloud && local && <p class="hint">Needs the deployed web app (see above).</p>}
        </details>
      ))}
      <div class="button-row">
        <button type="button" class="button primary" onClick={() => controller.forgetNewKey()}>
          I have copied it
        </button>
      </div>
    </section>
  );
}

function when(iso: string | null): string {
  if (!iso) return 'never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function AgentList({
  agents,
  controller,
  disabled,
}: {
  agents: AgentSummary[];
  controller: SidebarController;
  disabled: boolean;
}) {
  const [revoking, setRevoking] = useState<string | null>(null);
  return (
    <section class="agent-list" aria-label="Connected agents">
      <h2 class="section-title">Connected agents</h2>
      {agents.length === 0 ? (
        <p class="hint">No agent is connected yet.</p>
      ) : (
        <ul class="agents">
          {agents.map((agent) => (
            <li key={agent.id} class="agent">
              <span class="agent-name">{agent.name}</span>
              <span class="agent-dates">
                Last used {when(agent.lastUsed)} · created {when(agent.created)}
              </span>
              {revoking === agent.id ? (
                <Confirm
                  label={`Confirm revoking ${agent.name}`}
                  question={`Revoke ${agent.name}? Its address stops working at once; a new one needs a new key.`}
                  yes="Revoke"
                  disabled={disabled}
                  onYes={() => void controller.revokeAgent(agent.id, agent.name).then(() => setRevoking(null))}
                  onCancel={() => setRevoking(null)}
                />
              ) : (
                <button
                  type="button"
                  class="button text"
                  disabled={disabled}
                  aria-label={`Revoke ${agent.name}`}
                  onClick={() => setRevoking(agent.id)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
