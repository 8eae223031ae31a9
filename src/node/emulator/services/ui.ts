/**
 * The Sheets window's Ui (https://developers.google.com/apps-script/reference/base/ui): menus,
 * alerts and sidebars. Nothing is drawn; everything is recorded in execution.ui, and the buttons
 * the person presses come from what the test queued there. Prompts, dialogs and add-on menus are
 * not emulated: the product does not use them.
 */
import { createEnum, enumConstantName, type EnumValue } from '../runtime/enums';
import type { ExecutionScope } from '../runtime/execution-scope';
import { signatureMismatch } from '../runtime/service-error';
import type { ButtonName, ButtonSetName, MenuEntry } from '../runtime/ui-record';
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

  createMenu(caption: unknown): Menu {
    if (typeof caption !== 'string') throw signatureMismatch('Ui.createMenu', [caption]);
    return this.#scope.expose('Menu', new Menu(this.#scope, caption));
  }

  showSidebar(userInterface: unknown): void {
    const output = this.#scope.implementationOf(userInterface, HtmlOutput);
    if (!output) throw signatureMismatch('Ui.showSidebar', [userInterface]);
    this.#scope.ui.sidebars.push({ title: output.getTitle(), width: output.getWidth(), content: output.getContent() });
  }
}

export class Menu {
  readonly #scope: ExecutionScope;
  readonly #caption: string;
  readonly #entries: MenuEntry[] = [];

  constructor(scope: ExecutionScope, caption: string) {
    this.#scope = scope;
    this.#caption = caption;
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

  addToUi(): void {
    this.#scope.ui.menus.push({ name: this.#caption, items: [...this.#entries] });
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

/** A queued answer must be a button the dialog has (or its close box). */
function checkedAnswer(button: ButtonName, buttons: ButtonSetName): ButtonName {
  if (button === 'CLOSE' || BUTTONS_IN_SET[buttons].includes(button)) return button;
  throw new Error(
    `The queued answer ${button} is not a button of a ${buttons} dialog (buttons: ` +
      `${BUTTONS_IN_SET[buttons].join(', ')}, CLOSE)`,
  );
}
