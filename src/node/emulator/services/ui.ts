/**
 * The Sheets window's Ui (https://developers.google.com/apps-script/reference/base/ui): menus,
 * alerts, prompts, sidebars and dialogs. Nothing is drawn; everything is recorded in
 * execution.ui, and the person's answers come from what the test queued there.
 */
import { createEnum, enumConstantName, type EnumValue } from '../runtime/enums';
import type { ExecutionScope } from '../runtime/execution-scope';
import { signatureMismatch } from '../runtime/service-error';
import type { ButtonName, ButtonSetName, HtmlDisplayRecord, MenuEntry } from '../runtime/ui-record';
import { HtmlOutput } from './html-service';

export const Button = createEnum(['CLOSE', 'OK', 'CANCEL', 'YES', 'NO']);
export const ButtonSet = createEnum(['OK', 'OK_CANCEL', 'YES_NO', 'YES_NO_CANCEL']);

const BUTTONS_IN_SET: Record<ButtonSetName, readonly ButtonName[]> = {
  OK: ['OK'],
  OK_CANCEL: ['OK', 'CANCEL'],
  YES_NO: ['YES', 'NO'],
  YES_NO_CANCEL: ['YES', 'NO', 'CANCEL'],
};

interface DialogText {
  readonly title: string;
  readonly prompt: string;
  readonly buttons: ButtonSetName;
}

export class Ui {
  readonly Button = Button;
  readonly ButtonSet = ButtonSet;
  readonly #scope: ExecutionScope;

  constructor(scope: ExecutionScope) {
    this.#scope = scope;
  }

  /** alert(prompt), alert(prompt, buttons) or alert(title, prompt, buttons); returns the button pressed. */
  alert(...args: unknown[]): EnumValue {
    const dialog = dialogText(args, 'Ui.alert');
    const response = checkedAnswer(this.#scope.ui.takeAlertResponse(dialog.buttons), dialog.buttons);
    this.#scope.ui.alerts.push({ ...dialog, response });
    return Button[response];
  }

  /** prompt(prompt), prompt(prompt, buttons) or prompt(title, prompt, buttons). */
  prompt(...args: unknown[]): PromptResponse {
    const dialog = dialogText(args, 'Ui.prompt');
    const answer = this.#scope.ui.takePromptResponse(dialog.buttons);
    const response = checkedAnswer(answer.button, dialog.buttons);
    this.#scope.ui.prompts.push({ ...dialog, response, responseText: answer.text });
    return this.#scope.expose('PromptResponse', new PromptResponse(answer.text, response));
  }

  createMenu(caption: unknown): Menu {
    if (typeof caption !== 'string') throw signatureMismatch('Ui.createMenu', [caption]);
    return this.#scope.expose('Menu', new Menu(this.#scope, caption, false));
  }

  /** The add-on's menu under Extensions, named after the add-on. */
  createAddonMenu(): Menu {
    return this.#scope.expose('Menu', new Menu(this.#scope, this.#scope.settings.addonName, true));
  }

  showSidebar(userInterface: unknown): void {
    const output = this.#htmlOutput(userInterface, 'Ui.showSidebar');
    this.#scope.ui.sidebars.push(displayed(output, output.getTitle()));
  }

  showModalDialog(userInterface: unknown, title: unknown): void {
    this.#showDialog(userInterface, title, true, 'Ui.showModalDialog');
  }

  showModelessDialog(userInterface: unknown, title: unknown): void {
    this.#showDialog(userInterface, title, false, 'Ui.showModelessDialog');
  }

  #showDialog(userInterface: unknown, title: unknown, modal: boolean, method: string): void {
    const output = this.#htmlOutput(userInterface, method);
    if (typeof title !== 'string') throw signatureMismatch(method, [userInterface, title]);
    this.#scope.ui.dialogs.push({ ...displayed(output, title), modal });
  }

  #htmlOutput(userInterface: unknown, method: string): HtmlOutput {
    const output = this.#scope.implementationOf(userInterface, HtmlOutput);
    if (!output) throw signatureMismatch(method, [userInterface]);
    return output;
  }
}

export class PromptResponse {
  readonly #text: string;
  readonly #button: ButtonName;

  constructor(text: string, button: ButtonName) {
    this.#text = text;
    this.#button = button;
  }

  getResponseText(): string {
    return this.#text;
  }

  getSelectedButton(): EnumValue {
    return Button[this.#button];
  }
}

export class Menu {
  readonly #scope: ExecutionScope;
  readonly #caption: string;
  readonly #addon: boolean;
  readonly #entries: MenuEntry[] = [];

  constructor(scope: ExecutionScope, caption: string, addon: boolean) {
    this.#scope = scope;
    this.#caption = caption;
    this.#addon = addon;
  }

  /** `functionName` is the top-level function the item runs (an execution in the 'ui' context). */
  addItem(caption: unknown, functionName: unknown): this {
    if (typeof caption !== 'string' || typeof functionName !== 'string') {
      throw signatureMismatch('Menu.addItem', [caption, functionName]);
    }
    this.#entries.push({ type: 'item', caption, functionName });
    return this;
  }

  addSeparator(): this {
    this.#entries.push({ type: 'separator' });
    return this;
  }

  addSubMenu(menu: unknown): this {
    const subMenu = this.#scope.implementationOf(menu, Menu);
    if (!subMenu) throw signatureMismatch('Menu.addSubMenu', [menu]);
    this.#entries.push({ type: 'submenu', caption: subMenu.#caption, items: [...subMenu.#entries] });
    return this;
  }

  addToUi(): void {
    this.#scope.ui.menus.push({ name: this.#caption, addon: this.#addon, items: [...this.#entries] });
  }
}

function dialogText(args: readonly unknown[], method: string): DialogText {
  const [first, second, third] = args;
  if (args.length === 1 && typeof first === 'string') return { title: '', prompt: first, buttons: 'OK' };
  if (args.length === 2 && typeof first === 'string') {
    const buttons = enumConstantName(ButtonSet, second);
    if (buttons) return { title: '', prompt: first, buttons };
  }
  if (args.length === 3 && typeof first === 'string' && typeof second === 'string') {
    const buttons = enumConstantName(ButtonSet, third);
    if (buttons) return { title: first, prompt: second, buttons };
  }
  throw signatureMismatch(method, args);
}

/** What a sidebar or dialog shows, read through HtmlOutput's public methods. */
function displayed(output: HtmlOutput, title: string): HtmlDisplayRecord {
  return { title, width: output.getWidth(), height: output.getHeight(), content: output.getContent() };
}

/** A queued answer must be a button the dialog has (or its close box). */
function checkedAnswer(button: ButtonName, buttons: ButtonSetName): ButtonName {
  if (button === 'CLOSE' || BUTTONS_IN_SET[buttons].includes(button)) return button;
  throw new Error(
    `The queued answer ${button} is not a button of a ${buttons} dialog (buttons: ` +
      `${BUTTONS_IN_SET[buttons].join(', ')}, CLOSE)`,
  );
}
