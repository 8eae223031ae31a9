/**
 * The panels shown instead of the plan: the history (and restoring a version), the archive, the settings, and Connect
 * an agent. Each opens with one call; its changes are one call each.
 */
import type { HistoryEntry } from '../../src/core/write-path/results';
import type { PlanSettings } from '../../src/core/person/settings';
import { SidebarControllerBase } from './controller-base';
import type { ApprovedPlanView } from './protocol';
import type { Panel } from './sidebar-state';
import { loadDeferred } from './deferred';
import type { Deferred } from './deferred-globals';

/** How many of something: `1 saved version`, `3 saved versions`, `No saved versions yet`. */
function count(n: number, one: string, many: string, none: string): string {
  return n === 1 ? `1 ${one}` : n ? `${n} ${many}` : none;
}

export class PanelController extends SidebarControllerBase {
  // ---- panels: the history, the archive, the settings ----

  /**
   * Opens a panel and fills it with what one call answers; the first opening also loads the panel's code, in a second
   * call made at the same time (./deferred.ts).
   */
  protected async openPanel<T>(
    loading: Panel,
    busy: string,
    call: () => Promise<T>,
    loaded: (value: T) => [Panel, string],
  ): Promise<boolean> {
    if (this.state.busy) return false;
    this.set({ panel: loading, editor: null, error: null, busy, notice: `${busy}…` });
    try {
      const [value] = await Promise.all([call(), this.deferredCode()]);
      // Closed while it loaded (its Close is there from the start): it stays closed.
      if (this.state.panel !== loading) {
        this.set({ busy: null, notice: '' });
        return false;
      }
      const [panel, notice] = loaded(value);
      this.set({ panel, busy: null, notice });
      return true;
    } catch (error) {
      this.set({ panel: null });
      this.refuse(error, `${busy}: not done`);
      return false;
    }
  }

  /** The code the page was served without (./deferred.ts): one call the first time, none after. */
  deferredCode(): Promise<Deferred> {
    return loadDeferred(() => this.server('sidebarDeferredCode'));
  }

  closePanel(): void {
    this.set({ panel: null, error: null });
  }

  /** The History panel: one call that lists the saved versions with their text. */
  openHistory(): Promise<boolean> {
    return this.openPanel(
      { kind: 'history', entries: null },
      'Loading the history',
      () => this.server('sidebarHistory'),
      (entries) => [
        { kind: 'history', entries },
        count(entries.length, 'saved version', 'saved versions', 'No saved versions yet'),
      ],
    );
  }

  /**
   * The plan as the person last approved it, for the approval box's "what changed" (one call; null before any
   * approval). It does not touch the sidebar's state: the box shows its own loading and error lines.
   */
  approvedPlan(): Promise<ApprovedPlanView | null> {
    return this.server('sidebarApprovedPlan');
  }

  /** The Archive panel: the finished plans, newest first (one call; a plan's text comes with a second). */
  openArchive(): Promise<boolean> {
    return this.openPanel(
      { kind: 'archive', entries: null, shown: null },
      'Loading the archive',
      () => this.server('sidebarArchive'),
      (entries) => [
        { kind: 'archive', entries, shown: null },
        count(entries.length, 'finished plan', 'finished plans', 'No finished plans yet'),
      ],
    );
  }

  /** Shows one finished plan's Markdown in the Archive panel. */
  async showArchived(id: number): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'archive' || this.state.busy) return false;
    this.set({ busy: 'Loading the finished plan', notice: 'Loading the finished plan…', error: null });
    try {
      const shown = await this.server('sidebarArchivedPlan', id);
      this.set({ panel: { ...panel, shown }, busy: null, notice: `Finished plan ${id}: ${shown.title}` });
      return true;
    } catch (error) {
      this.refuse(error, 'The finished plan could not be loaded');
      return false;
    }
  }

  /** The Settings panel: one call for the sheet's settings. */
  openSettings(): Promise<boolean> {
    return this.openPanel(
      { kind: 'settings', values: null },
      'Loading the settings',
      () => this.server('sidebarSettings'),
      (values) => [{ kind: 'settings', values }, 'Settings'],
    );
  }

  // ---- Connect an agent: keys the person creates, sees once and revokes ----

  /** The Connect panel: one call for the agents and the web app's URL. */
  openAgents(): Promise<boolean> {
    return this.openPanel(
      { kind: 'agents', view: null, connected: null },
      'Loading the agents',
      () => this.server('sidebarListAgents'),
      (view) => [
        { kind: 'agents', view, connected: null },
        count(view.agents.length, 'agent connected', 'agents connected', 'No agent connected yet'),
      ],
    );
  }

  /**
   * Asks again, quietly, whether the web app's address is known, while the Connect panel says it is not: the panel
   * stays as it is until the answer changes it. A failure is left for the next check (or the Check again button).
   */
  async recheckAgents(): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'agents' || !panel.view?.notReady || this.state.busy) return false;
    try {
      const view = await this.server('sidebarListAgents');
      const now = this.state.panel;
      if (now?.kind !== 'agents' || now.connected || this.state.busy) return false;
      this.set({ panel: { kind: 'agents', view, connected: null } });
      if (!view.notReady) this.set({ notice: 'The web app answers: name your agent to make its address' });
      return true;
    } catch {
      return false;
    }
  }

  /** Makes a key for an agent named `name`: its URL is shown until the person says they are done with it. */
  async connectAgent(name: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'agents' || this.state.busy) return false;
    this.set({ busy: `Connecting ${name}`, notice: `Connecting ${name}…`, error: null });
    try {
      const { agent, key, url, ...view } = await this.server('sidebarConnectAgent', name);
      this.set({
        panel: { kind: 'agents', view, connected: { ...view, agent, key, url } },
        busy: null,
        notice: `Copy ${agent.name}'s address now: it is shown only once`,
      });
      return true;
    } catch (error) {
      this.refuse(error, 'Connecting the agent: not done', name);
      return false;
    }
  }

  /** Hides a new key for good: the server keeps only its hash, so it cannot be shown again. */
  forgetNewKey(): void {
    const panel = this.state.panel;
    if (panel?.kind === 'agents') this.set({ panel: { ...panel, connected: null }, notice: 'Key hidden' });
  }

  /** Revokes an agent: its next call is refused. */
  async revokeAgent(id: string, name: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'agents' || this.state.busy) return false;
    this.set({ busy: `Revoking ${name}`, notice: `Revoking ${name}…`, error: null });
    try {
      const view = await this.server('sidebarRevokeAgent', id);
      const connected = panel.connected?.agent.id === id ? null : panel.connected;
      this.set({
        panel: { kind: 'agents', view, connected },
        busy: null,
        notice: `${name} can no longer reach the plan`,
      });
      return true;
    } catch (error) {
      this.refuse(error, `Revoking ${name}: not done`);
      return false;
    }
  }

  /** Saves the relay's address (a sheet setting) from the Connect panel; '' removes it. */
  async saveRelayUrl(relayUrl: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'agents' || !panel.view || this.state.busy) return false;
    this.begin({ busy: 'Saving the relay address', notice: 'Saving the relay address…', error: null });
    try {
      const saved = (await this.server('sidebarSaveSettings', { relayUrl })).relayUrl;
      const now = this.state.panel;
      if (now?.kind === 'agents' && now.view) {
        const connected = now.connected && { ...now.connected, relayUrl: saved };
        this.set({ panel: { ...now, view: { ...now.view, relayUrl: saved }, connected } });
      }
      this.set({ busy: null, notice: saved ? 'Relay address saved' : 'Relay address removed' });
      return true;
    } catch (error) {
      this.refuse(error, 'Saving the relay address: not done');
      return false;
    }
  }

  /** Changes one setting in one call: shown at once, then what the server answers (or back as it was). */
  async saveSettings(change: Partial<PlanSettings>, done: string): Promise<boolean> {
    const panel = this.state.panel;
    if (panel?.kind !== 'settings' || !panel.values || this.state.busy) return false;
    const before = panel.values;
    // Saving a setting may change the plan (its Status line): a check already under way answers from before it.
    this.begin({
      panel: { kind: 'settings', values: { ...before, ...change } },
      busy: 'Saving the settings',
      notice: 'Saving the settings…',
      error: null,
    });
    try {
      const values = await this.server('sidebarSaveSettings', change);
      this.set({ panel: { kind: 'settings', values }, busy: null, notice: done });
      // The save may have changed the plan (its Status line): brought in now, it keeps the person's words for their own
      // change, where the next check would have replaced them with "Updated by you". Not waited for: the save is done.
      void this.check(true).then((changed) => {
        if (changed && !this.state.busy) this.set({ notice: done });
      });
      return true;
    } catch (error) {
      this.set({ panel: { kind: 'settings', values: before } });
      this.refuse(error, 'Saving the settings: not done');
      return false;
    }
  }

  /** The saved versions, without opening the History panel: the recovery card looks for the last plan in them. */
  savedVersions(): Promise<HistoryEntry[]> {
    return this.server('sidebarHistory');
  }

  /** Puts revision `revision` back (shown at once, confirmed by one call); the plan it replaces is saved first. */
  restore(revision: number): Promise<boolean> {
    const panel = this.state.panel;
    const entry =
      panel?.kind === 'history' ? panel.entries?.find((candidate) => candidate.revision === revision) : null;
    return entry ? this.restoreVersion(entry) : Promise.resolve(false);
  }

  /** Puts a saved version back (from History, or the recovery card); the plan it replaces is saved first. */
  async restoreVersion(entry: HistoryEntry): Promise<boolean> {
    if (entry.text === undefined) return false;
    const { revision, text } = entry;
    const restored = await this.change(
      `Restoring revision ${revision}`,
      `Version ${revision} restored; the plan it replaced is in the history`,
      () => text,
      () => this.server('sidebarRestore', revision),
    );
    if (restored) this.set({ panel: null });
    return restored;
  }
}
