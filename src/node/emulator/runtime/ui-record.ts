/**
 * What an execution showed in the Sheets window, and what the person there will answer. Tests
 * read it to check menus, alerts and sidebars; the local server replays it in its page.
 */

export type ButtonName = 'OK' | 'CANCEL' | 'YES' | 'NO' | 'CLOSE';
export type ButtonSetName = 'OK' | 'OK_CANCEL' | 'YES_NO' | 'YES_NO_CANCEL';

export type MenuEntry =
  | { readonly type: 'item'; readonly caption: string; readonly functionName: string }
  | { readonly type: 'separator' }
  | { readonly type: 'submenu'; readonly caption: string; readonly items: readonly MenuEntry[] };

export interface MenuRecord {
  /** The menu's caption; for an add-on menu, the add-on's name (Sheets shows it under Extensions). */
  readonly name: string;
  readonly addon: boolean;
  readonly items: readonly MenuEntry[];
}

export interface AlertRecord {
  readonly title: string;
  readonly prompt: string;
  readonly buttons: ButtonSetName;
  /** The button the emulated person pressed. */
  readonly response: ButtonName;
}

export interface PromptRecord extends AlertRecord {
  readonly responseText: string;
}

export interface HtmlDisplayRecord {
  readonly title: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly content: string;
}

export interface DialogRecord extends HtmlDisplayRecord {
  readonly modal: boolean;
}

export interface ToastRecord {
  readonly message: string;
  readonly title: string;
  readonly timeoutSeconds: number;
}

export interface QueuedPromptResponse {
  readonly text: string;
  readonly button: ButtonName;
}

export class UiRecord {
  readonly menus: MenuRecord[] = [];
  readonly alerts: AlertRecord[] = [];
  readonly prompts: PromptRecord[] = [];
  readonly sidebars: HtmlDisplayRecord[] = [];
  readonly dialogs: DialogRecord[] = [];
  readonly toasts: ToastRecord[] = [];
  readonly #promptResponses: QueuedPromptResponse[] = [];
  readonly #alertResponses: ButtonName[] = [];

  /** The answer the person gives to the next prompt the script shows. */
  queuePromptResponse(text: string, button: ButtonName = 'OK'): void {
    this.#promptResponses.push({ text, button });
  }

  /** The button the person presses on the next alert the script shows. */
  queueAlertResponse(button: ButtonName): void {
    this.#alertResponses.push(button);
  }

  /**
   * The next queued prompt answer. With none queued the person dismisses the dialog: CANCEL when
   * the dialog has that button, otherwise CLOSE (the dialog's close box), with empty text.
   */
  takePromptResponse(buttons: ButtonSetName): QueuedPromptResponse {
    return this.#promptResponses.shift() ?? { text: '', button: buttons.includes('CANCEL') ? 'CANCEL' : 'CLOSE' };
  }

  /** The next queued alert answer. With none queued the person presses the dialog's first button (OK or YES). */
  takeAlertResponse(buttons: ButtonSetName): ButtonName {
    return this.#alertResponses.shift() ?? (buttons.startsWith('YES') ? 'YES' : 'OK');
  }
}
