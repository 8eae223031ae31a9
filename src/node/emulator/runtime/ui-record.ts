/**
 * What an execution showed in the Sheets window, and what the person there will answer. Tests
 * read it to check menus, alerts and sidebars; the local server replays it in its page.
 */

export type ButtonName = 'OK' | 'CANCEL' | 'YES' | 'NO' | 'CLOSE';
export type ButtonSetName = 'OK' | 'OK_CANCEL' | 'YES_NO' | 'YES_NO_CANCEL';

export type MenuEntry =
  { readonly type: 'item'; readonly caption: string; readonly functionName: string } | { readonly type: 'separator' };

export interface MenuRecord {
  readonly name: string;
  readonly items: readonly MenuEntry[];
}

export interface AlertRecord {
  readonly title: string;
  readonly prompt: string;
  readonly buttons: ButtonSetName;
  /** The button the emulated person pressed. */
  readonly response: ButtonName;
}

export interface SidebarRecord {
  readonly title: string;
  readonly width: number | null;
  readonly content: string;
}

export class UiRecord {
  readonly menus: MenuRecord[] = [];
  readonly alerts: AlertRecord[] = [];
  readonly sidebars: SidebarRecord[] = [];
  readonly #alertResponses: ButtonName[] = [];

  /** The button the person presses on the next alert the script shows. */
  queueAlertResponse(button: ButtonName): void {
    this.#alertResponses.push(button);
  }

  /** The next queued alert answer. With none queued the person presses the dialog's first button (OK or YES). */
  takeAlertResponse(buttons: ButtonSetName): ButtonName {
    return this.#alertResponses.shift() ?? (buttons.startsWith('YES') ? 'YES' : 'OK');
  }
}
