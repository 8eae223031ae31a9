/** What the Sheets window shows: menus, alerts, prompts, sidebars and dialogs, recorded in execution.ui. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn, thrownMessage } from './helpers';

function uiExecution(options: Parameters<typeof executionOn>[1] = {}) {
  const run = executionOn(new EmulatedSpreadsheet(), { context: 'ui', ...options });
  return { ...run, ui: run.SpreadsheetApp.getUi() };
}

describe('menus', () => {
  test('a menu with items, a separator and a submenu is recorded when added to the UI', () => {
    const { ui, execution } = uiExecution();
    const more = ui.createMenu('More').addItem('History', 'showHistory');
    ui.createMenu('Agent Plan').addItem('Open plan', 'showPlanSidebar').addSeparator().addSubMenu(more).addToUi();
    expect(execution.ui.menus).toEqual([
      {
        name: 'Agent Plan',
        addon: false,
        items: [
          { type: 'item', caption: 'Open plan', functionName: 'showPlanSidebar' },
          { type: 'separator' },
          {
            type: 'submenu',
            caption: 'More',
            items: [{ type: 'item', caption: 'History', functionName: 'showHistory' }],
          },
        ],
      },
    ]);
  });

  test("an add-on menu carries the add-on's name", () => {
    const { ui, execution } = uiExecution({ addonName: 'Sheet Plan' });
    ui.createAddonMenu().addItem('Open', 'open').addToUi();
    expect(execution.ui.menus[0]).toEqual(expect.objectContaining({ name: 'Sheet Plan', addon: true }));
  });

  test('a menu not added to the UI is not shown', () => {
    const { ui, execution } = uiExecution();
    ui.createMenu('Forgotten').addItem('x', 'y');
    expect(execution.ui.menus).toEqual([]);
  });
});

describe('alerts and prompts', () => {
  test('alert returns Button.OK by default and records title and prompt', () => {
    const { ui, execution } = uiExecution();
    expect(ui.alert('Plan ready', 'The plan is in AGENT_BASE!C2.', ui.ButtonSet.OK)).toBe(ui.Button.OK);
    expect(ui.alert('Just a message')).toBe(ui.Button.OK);
    expect(execution.ui.alerts).toEqual([
      { title: 'Plan ready', prompt: 'The plan is in AGENT_BASE!C2.', buttons: 'OK', response: 'OK' },
      { title: '', prompt: 'Just a message', buttons: 'OK', response: 'OK' },
    ]);
  });

  test('a queued answer is the button the person presses', () => {
    const { ui } = uiExecution({ alertResponses: ['NO'] });
    expect(ui.alert('Replace the plan?', ui.ButtonSet.YES_NO)).toBe(ui.Button.NO);
    expect(ui.alert('Again?', ui.ButtonSet.YES_NO)).toBe(ui.Button.YES);
  });

  test('prompt answers come from the queue; with none the person cancels', () => {
    const { ui, execution } = uiExecution();
    execution.ui.queuePromptResponse('Ship v2', 'OK');
    const answered = ui.prompt('New plan', 'Title?', ui.ButtonSet.OK_CANCEL);
    expect([answered.getResponseText(), answered.getSelectedButton()]).toEqual(['Ship v2', ui.Button.OK]);
    const dismissed = ui.prompt('Title?', ui.ButtonSet.OK_CANCEL);
    expect([dismissed.getResponseText(), dismissed.getSelectedButton()]).toEqual(['', ui.Button.CANCEL]);
    expect(execution.ui.prompts.map((prompt) => prompt.response)).toEqual(['OK', 'CANCEL']);
  });

  test('alert arguments must match one of its signatures', () => {
    const { ui } = uiExecution();
    expect(thrownMessage(() => ui.alert('Title', 'Prompt', 'OK'))).toBe(
      "The parameters (String,String,String) don't match the method signature for Ui.alert.",
    );
  });
});

describe('HTML sidebars and dialogs', () => {
  test('HtmlOutput setters chain, and the sidebar records title, size and content', () => {
    const { ui, HtmlService, execution } = uiExecution();
    const page = HtmlService.createHtmlOutput('<p>Plan</p>').setTitle('Agent Plan').setWidth(300).append('<p>more</p>');
    page.appendUntrusted('<b>&</b>');
    ui.showSidebar(page);
    expect(execution.ui.sidebars).toEqual([
      { title: 'Agent Plan', width: 300, height: null, content: '<p>Plan</p><p>more</p>&lt;b&gt;&amp;&lt;/b&gt;' },
    ]);
  });

  test('a project HTML file can be shown in a modal dialog', () => {
    const { ui, HtmlService, execution } = uiExecution({ projectFiles: { Sidebar: '<h1>Plan</h1>' } });
    ui.showModalDialog(HtmlService.createHtmlOutputFromFile('Sidebar.html').setHeight(400), 'Plan');
    expect(execution.ui.dialogs).toEqual([
      { title: 'Plan', width: null, height: 400, content: '<h1>Plan</h1>', modal: true },
    ]);
  });

  test('a missing project file is refused as Google words it', () => {
    const { HtmlService } = uiExecution();
    expect(thrownMessage(() => HtmlService.createHtmlOutputFromFile('Sidebar'))).toBe(
      'No HTML file named Sidebar was found.',
    );
  });

  test('templates are not emulated', () => {
    const { HtmlService } = uiExecution();
    expect(thrownMessage(() => HtmlService.createTemplateFromFile())).toMatch(/not emulated/);
  });

  test('sandbox and frame modes are accepted; an undocumented meta tag is not', () => {
    const { HtmlService } = uiExecution();
    const page = HtmlService.createHtmlOutput()
      .setSandboxMode(HtmlService.SandboxMode.IFRAME)
      .setXFrameOptionsMode(HtmlService.XFrameOptionsMode.ALLOWALL)
      .addMetaTag('viewport', 'width=device-width');
    expect(page.getContent()).toBe('');
    expect(thrownMessage(() => page.addMetaTag('refresh', '5'))).toMatch(/^Meta tag "refresh" is not allowed/);
  });

  test('showSidebar needs an HtmlOutput', () => {
    const { ui } = uiExecution();
    expect(thrownMessage(() => ui.showSidebar('<p>raw html</p>'))).toBe(
      "The parameters (String) don't match the method signature for Ui.showSidebar.",
    );
  });
});

describe('logging', () => {
  test('Logger and console output is recorded, not printed', () => {
    const { Logger, console: scriptConsole, execution } = executionOn(new EmulatedSpreadsheet());
    Logger.log('Task %s is %s', '1.1', 'done');
    scriptConsole.warn('careful', { step: '1.2' });
    expect(execution.logs).toEqual([
      { source: 'Logger', level: 'log', message: 'Task 1.1 is done' },
      { source: 'console', level: 'warn', message: "careful { step: '1.2' }" },
    ]);
    expect(Logger.getLog()).toBe('Task 1.1 is done\n');
  });
});
