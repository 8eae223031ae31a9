/** What the Sheets window shows: menus, alerts and sidebars, recorded in execution.ui. */
import { EmulatedSpreadsheet } from '../../src/node/emulator';
import { executionOn, thrownMessage } from './helpers';

function uiExecution(options: Parameters<typeof executionOn>[1] = {}) {
  const run = executionOn(new EmulatedSpreadsheet(), { context: 'ui', ...options });
  return { ...run, ui: run.SpreadsheetApp.getUi() };
}

describe('menus', () => {
  test('a menu with items and a separator is recorded when added to the UI', () => {
    const { ui, execution } = uiExecution();
    ui.createMenu('Agent Plan')
      .addItem('Open plan', 'showPlanSidebar')
      .addSeparator()
      .addItem('Help', 'help')
      .addToUi();
    expect(execution.ui.menus).toEqual([
      {
        name: 'Agent Plan',
        items: [
          { type: 'item', caption: 'Open plan', functionName: 'showPlanSidebar' },
          { type: 'separator' },
          { type: 'item', caption: 'Help', functionName: 'help' },
        ],
      },
    ]);
  });

  test('a menu not added to the UI is not shown', () => {
    const { ui, execution } = uiExecution();
    ui.createMenu('Forgotten').addItem('x', 'y');
    expect(execution.ui.menus).toEqual([]);
  });
});

describe('alerts', () => {
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

  test('enum constants print their names, and compare by identity', () => {
    const { ui } = uiExecution();
    expect([String(ui.Button.OK), ui.ButtonSet.YES_NO.name(), ui.ButtonSet.YES_NO.ordinal()]).toEqual([
      'OK',
      'YES_NO',
      2,
    ]);
    expect(uiExecution().ui.Button.OK).toBe(ui.Button.OK);
  });

  test('alert arguments must match one of its signatures', () => {
    const { ui } = uiExecution();
    expect(thrownMessage(() => ui.alert('Title', 'Prompt', 'OK'))).toBe(
      "The parameters (String,String,String) don't match the method signature for Ui.alert.",
    );
  });
});

describe('HTML sidebars', () => {
  test('HtmlOutput setters chain, and the sidebar records title, width and content', () => {
    const { ui, HtmlService, execution } = uiExecution();
    ui.showSidebar(HtmlService.createHtmlOutput('<p>Plan</p>').setTitle('Agent Plan').setWidth(300));
    expect(execution.ui.sidebars).toEqual([{ title: 'Agent Plan', width: 300, content: '<p>Plan</p>' }]);
  });

  test('a project HTML file is found with or without .html', () => {
    const { ui, HtmlService, execution } = uiExecution({ projectFiles: { Sidebar: '<h1>Plan</h1>' } });
    ui.showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar.html'));
    expect(HtmlService.createHtmlOutputFromFile('Sidebar').getContent()).toBe('<h1>Plan</h1>');
    expect(execution.ui.sidebars).toEqual([{ title: '', width: null, content: '<h1>Plan</h1>' }]);
  });

  test('a missing project file is refused as Google words it', () => {
    const { HtmlService } = uiExecution();
    expect(thrownMessage(() => HtmlService.createHtmlOutputFromFile('Sidebar'))).toBe(
      'No HTML file named Sidebar was found.',
    );
  });

  test('showSidebar needs an HtmlOutput', () => {
    const { ui } = uiExecution();
    expect(thrownMessage(() => ui.showSidebar('<p>raw html</p>'))).toBe(
      "The parameters (String) don't match the method signature for Ui.showSidebar.",
    );
  });
});

describe('logging', () => {
  test('console output is recorded, not printed', () => {
    const { console: scriptConsole, execution } = executionOn(new EmulatedSpreadsheet());
    scriptConsole.log('Task %s is %s', '1.1', 'done');
    scriptConsole.warn('careful', { step: '1.2' });
    expect(execution.logs).toEqual([
      { level: 'log', message: 'Task 1.1 is done' },
      { level: 'warn', message: "careful { step: '1.2' }" },
    ]);
  });
});
