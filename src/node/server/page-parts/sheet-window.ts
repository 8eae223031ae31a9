/**
 * The page `npm start` serves at /: a stand-in for a Google Sheets window. On the left the
 * plan sheet's cells as a grid laid out from PLAN_LOCATION (the plan cell editable as a person edits a
 * cell: committed on blur or Ctrl+Enter, Escape reverts), on the right the real sidebar in a 300 px side
 * panel. The cells are read from GET /api/cells and refreshed every couple of seconds, so the agent's changes show.
 * The Agent Plan menu is the one onOpen builds (GET /api/menu), every item runs its real function,
 * and alerts show as Sheets shows them; a range the sidebar selects shows on its sheet's tab, with the
 * name box and the selected cells as in Sheets (GET /api/window). Every other visible sheet's cells show on its
 * tab and a person edits them as in Sheets (sheet-grid-script.ts).
 * Cell text is only ever put into the page as text (value, textContent). Its calls carry the
 * server's secret (local-only.ts).
 */
import { scriptJson } from '../../../../sidebar/src/protocol';
import { SECRET_HEADER } from '../local-only';
import { SHEET_GRID_SCRIPT } from './sheet-grid-script';
import { SHEET_WINDOW_STYLE } from './sheet-window-style';

/** Under another sheet's grid: how a person edits its cells here. */
const SHEET_HELP =
  'Double-click a cell, or click it and type, to edit it as in Sheets: Enter or leaving the cell saves, Escape ' +
  'discards. Your edit runs onEdit, as in Sheets.';
import { escapeHtml } from '../../../core/text';
import { PLAN_LOCATION, cellA1, cellAddress, cellReference } from '../../../apps-script/plan-location';

/** The cells the page shows and a person edits there, as `Sheet!A1` references (GET and PUT /api/cells use them). */
export const PAGE_CELLS = {
  marker: cellReference(PLAN_LOCATION.markerCell),
  label: cellReference(PLAN_LOCATION.metadataLabelCell),
  plan: cellReference(PLAN_LOCATION.planCell),
  metadata: cellReference(PLAN_LOCATION.metadataCell),
} as const;

/** A cell of the plan's grid, marked with its column so the page can hide it as Sheets hides a hidden column. */
function inColumn(html: string, column: number, hidden: ReadonlySet<number>): string {
  return html.replace(/^<(td|th|col)/, `<$1 data-column="${column}"${hidden.has(column) ? ' hidden' : ''}`);
}

/** The header of a column right after hidden ones, marked as Sheets marks where columns are hidden. */
function afterHidden(column: number, hidden: ReadonlySet<number>): string {
  return hidden.has(column - 1) ? ' after-hidden' : '';
}

/**
 * The grid around the plan's cells, laid out from PLAN_LOCATION: the plan's column wide, its row tall. The columns in
 * `hidden` (set-up hides the record's column) are left out, as in Sheets; the page's script follows later changes.
 */
function gridHtml(hidden: ReadonlySet<number>): string {
  const plan = cellAddress(PLAN_LOCATION.planCell);
  const roles = new Map<string, string>([
    [PLAN_LOCATION.markerCell, '<td id="marker-cell" class="cell"></td>'],
    [PLAN_LOCATION.metadataLabelCell, '<td id="metadata-label-cell" class="cell meta"></td>'],
    [
      PLAN_LOCATION.planCell,
      `<td class="cell editing-cell"><textarea id="plan-cell" aria-label="Cell ${escapeHtml(PAGE_CELLS.plan)}: the ` +
        `plan's Markdown" spellcheck="false"></textarea></td>`,
    ],
    [PLAN_LOCATION.metadataCell, '<td id="metadata-cell" class="cell meta"></td>'],
  ]);
  const addresses = [...roles.keys()].map(cellAddress);
  const columns = Math.max(4, ...addresses.map((cell) => cell.column + 1));
  const rows = Math.max(4, ...addresses.map((cell) => cell.row + 2));
  const letters = Array.from({ length: columns }, (_, i) => columnName(i + 1));
  const widths = letters
    .map((_, i) => inColumn(`<col style="width: ${i + 1 === plan.column ? 560 : 100}px">`, i + 1, hidden))
    .join('');
  const heads = letters
    .map((letter, i) => {
      const classes = `${i + 1 === plan.column ? 'selected-col' : ''}${afterHidden(i + 1, hidden)}`.trim();
      return inColumn(`<th${classes ? ` class="${classes}"` : ''}>${letter}</th>`, i + 1, hidden);
    })
    .join('');
  const body = Array.from({ length: rows }, (_, r) => {
    const row = r + 1;
    const cells = letters
      .map((letter, i) => inColumn(roles.get(`${letter}${row}`) ?? '<td></td>', i + 1, hidden))
      .join('');
    const header = row === plan.row ? `<th class="selected-row">${row}</th>` : `<th>${row}</th>`;
    return `<tr${row === plan.row ? ' class="plan-row"' : ''}>${header}${cells}</tr>`;
  }).join('\n        ');
  return `<table class="grid" aria-label="Sheet ${escapeHtml(PLAN_LOCATION.sheet)}">
      <colgroup><col class="row-header-col">${widths}</colgroup>
      <thead><tr><th class="corner"></th>${heads}</tr></thead>
      <tbody>
        ${body}
      </tbody>
    </table>`;
}

function columnName(column: number): string {
  return cellA1({ row: 1, column }).slice(0, -1);
}

/** The page; `hiddenPlanColumns`: the plan sheet's hidden columns as the page is served (1-based). */
export function sheetWindowPage(
  spreadsheetName: string,
  secret: string,
  hiddenPlanColumns: readonly number[] = [],
): string {
  const title = `${spreadsheetName} — Sheet Plan local emulator`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${SHEET_WINDOW_STYLE}</style>
</head>
<body>
<header class="app-bar">
  <div class="doc-icon" aria-hidden="true"></div>
  <div>
    <div class="doc-name">${escapeHtml(spreadsheetName)}</div>
    <nav class="menu-bar" aria-label="Menus">
      <span>File</span><span>Edit</span><span>View</span><span>Insert</span><span>Format</span><span>Data</span>
        <span>Extensions</span>
      <div class="menus" id="menus"></div>
    </nav>
  </div>
  <div class="local-note">Local emulator · the real dist/Code.js on an emulated spreadsheet</div>
</header>
<div class="formula-bar">
  <span class="name-box" id="name-box">${escapeHtml(PLAN_LOCATION.planCell)}</span>
  <span class="fx" aria-hidden="true">fx</span>
  <span class="formula-text" id="formula-text"></span>
</div>
<div class="workspace">
  <div class="grid-area" id="other-sheet" hidden>
    <table class="grid sheet-grid" id="sheet-grid"></table>
    <p class="cell-help" id="sheet-help">${SHEET_HELP}</p>
  </div>
  <div class="grid-area" id="plan-sheet">
    ${gridHtml(new Set(hiddenPlanColumns))}
    <p class="cell-help" id="cell-help">Edit ${escapeHtml(PLAN_LOCATION.planCell)} as in Sheets: your change is
      committed when you leave the cell or press Ctrl+Enter; Escape discards it.</p>
  </div>
  <aside class="side-panel" id="side-panel" aria-label="Side panel">
    <div class="side-panel-header">
      <h2 id="panel-title">Agent Plan</h2>
      <button type="button" class="close" id="close-panel" aria-label="Close side panel">✕</button>
    </div>
    <iframe id="sidebar" title="Agent Plan sidebar" src="/sidebar"
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox
        allow-modals"></iframe>
  </aside>
</div>
<footer class="sheet-tabs" id="sheet-tabs" role="tablist" aria-label="Sheets"></footer>
<div class="dialog-backdrop" id="alert-backdrop" hidden>
  <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="alert-title" aria-describedby="alert-text">
    <h2 id="alert-title"></h2>
    <p id="alert-text"></p>
    <div class="dialog-buttons"><button type="button" id="alert-ok">OK</button></div>
  </div>
</div>
<script>${SCRIPT.replace('__SECRET__', () => scriptJson({ [SECRET_HEADER]: secret })).replace('__CELLS__', () =>
    scriptJson({ ...PAGE_CELLS, sheet: PLAN_LOCATION.sheet, planCell: PLAN_LOCATION.planCell }),
  )}</script>
</body>
</html>`;
}

/** The page's own script: cells in and out through /api/cells, the menu, and the side panel. */
const SCRIPT = String.raw`
(function (secretHeaders, CELLS) {
  var SHEET_HELP = '${SHEET_HELP}';
  ${SHEET_GRID_SCRIPT}
  // CELLS: the marker, label, plan and metadata cells as 'Sheet!A1' references, the plan's sheet and cell.
  var markerCell = document.getElementById('marker-cell'), planCell = document.getElementById('plan-cell');
  var metadataCell = document.getElementById('metadata-cell');
  var labelCell = document.getElementById('metadata-label-cell');
  var formula = document.getElementById('formula-text');
  var panel = document.getElementById('side-panel'), frame = document.getElementById('sidebar');
  var committed = '';   // what the cell's editor opens with (a formula, not its result), as last read or written
  var shownText = '';   // what the cell shows when no one edits it
  var editing = false;  // the person is typing in the plan cell: refreshes wait
  var PLAN_SHEET = CELLS.sheet, shownSheet = PLAN_SHEET;  // the sheet whose tab is open

  function firstLine(text) { return text.split('\n')[0]; }
  function show(both) {
    var cells = both[0];
    markerCell.textContent = cells[CELLS.marker];
    labelCell.textContent = cells[CELLS.label];
    metadataCell.textContent = cells[CELLS.metadata];
    metadataCell.title = cells[CELLS.metadata];
    shownText = cells[CELLS.plan];
    committed = both[1][CELLS.plan];
    if (!editing) {
      planCell.value = shownText;
      planCell.classList.remove('dirty');
      if (shownSheet === PLAN_SHEET) formula.textContent = firstLine(committed);
    }
  }
  function cellsAs(query) {
    return fetch('/api/cells' + query, { cache: 'no-store', headers: secretHeaders })
      .then(function (r) { return r.json(); });
  }
  function refresh() {
    return Promise.all([cellsAs(''), cellsAs('?as=editor')]).then(show, function () {});
  }
  function commit() {
    editing = false;
    if (planCell.value === committed) {
      planCell.value = shownText;
      planCell.classList.remove('dirty');
      return;
    }
    var text = planCell.value;
    var change = {};
    change[CELLS.plan] = text;
    var body = JSON.stringify(change);
    var headers = Object.assign({ 'content-type': 'application/json' }, secretHeaders);
    fetch('/api/cells', { method: 'PUT', headers: headers, body: body })
      .then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        committed = text;
        planCell.classList.remove('dirty');
        formula.textContent = firstLine(text);
        refresh();
      })
      .catch(function (error) {
        document.getElementById('cell-help').textContent = 'Could not save ' + CELLS.plan + ': ' + error.message;
      });
  }
  // Editing opens the cell's editor text, as Sheets does: a formula shows as written, not as its result.
  planCell.addEventListener('focus', function () {
    editing = true;
    if (planCell.value === shownText) planCell.value = committed;
  });
  planCell.addEventListener('input', function () {
    editing = true;
    planCell.classList.toggle('dirty', planCell.value !== committed);
    formula.textContent = firstLine(planCell.value);
  });
  planCell.addEventListener('blur', commit);
  planCell.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      commit();
      planCell.blur();
    }
    else if (event.key === 'Escape') {
      // Back to what the editor opened with: leaving the cell then writes nothing and shows the cell again.
      event.preventDefault();
      planCell.value = committed;
      planCell.blur();
    }
  });

  // ---- the menus onOpen builds, each item running its real function ----
  var menus = document.getElementById('menus');
  function openPanel() { panel.hidden = false; frame.src = '/sidebar?opened=' + Date.now(); }
  function showAlerts(alerts, index) {
    if (index >= alerts.length) return;
    var backdrop = document.getElementById('alert-backdrop');
    document.getElementById('alert-title').textContent = alerts[index].title;
    document.getElementById('alert-text').textContent = alerts[index].prompt;
    backdrop.hidden = false;
    var ok = document.getElementById('alert-ok');
    ok.focus();
    ok.onclick = function () { backdrop.hidden = true; showAlerts(alerts, index + 1); };
  }
  function runItem(functionName) {
    // Agent Plan → Open plan: /sidebar runs showPlanSidebar and serves what it showed, a fresh sidebar as in Sheets.
    if (functionName === 'showPlanSidebar') return openPanel();
    var headers = Object.assign({ 'content-type': 'application/json' }, secretHeaders);
    var request = { method: 'POST', headers: headers, body: JSON.stringify({ functionName: functionName }) };
    fetch('/api/menu/run', request)
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        var alerts = (answer.alerts || []).slice();
        if (answer.error) alerts.push({ title: 'Error', prompt: answer.error.message || String(answer.error) });
        if (answer.showedSidebar) openPanel();
        showAlerts(alerts, 0);
        refresh();
      });
  }
  function buildMenu(menu) {
    var wrapper = document.createElement('div');
    wrapper.className = 'menu';
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = menu.name;
    button.setAttribute('aria-haspopup', 'menu');
    button.setAttribute('aria-expanded', 'false');
    var list = document.createElement('div');
    list.className = 'menu-items';
    list.setAttribute('role', 'menu');
    list.hidden = true;
    menu.items.forEach(function (item) {
      if (item.type === 'separator') { list.appendChild(document.createElement('hr')); return; }
      if (item.type !== 'item') return;
      var entry = document.createElement('button');
      entry.type = 'button';
      entry.setAttribute('role', 'menuitem');
      entry.textContent = item.caption;
      entry.addEventListener('click', function () { setOpen(false); runItem(item.functionName); });
      list.appendChild(entry);
    });
    function setOpen(open) {
      list.hidden = !open;
      button.setAttribute('aria-expanded', String(open));
      if (open) list.querySelector('button').focus();
    }
    button.addEventListener('click', function () { setOpen(list.hidden); });
    list.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') { setOpen(false); button.focus(); }
    });
    document.addEventListener('click', function (event) { if (!wrapper.contains(event.target)) setOpen(false); });
    wrapper.appendChild(button);
    wrapper.appendChild(list);
    menus.appendChild(wrapper);
  }
  fetch('/api/menu', { headers: secretHeaders })
    .then(function (r) { return r.json(); })
    .then(function (found) { found.forEach(buildMenu); });

  document.getElementById('close-panel').addEventListener('click', function () {
    panel.hidden = true;
    frame.src = 'about:blank';
  });
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (event.source !== frame.contentWindow || !message || message.source !== 'sheet-plan-sidebar') return;
    if (message.type === 'shown') {
      document.getElementById('panel-title').textContent = message.title || '';
      if (typeof message.width === 'number') panel.style.width = message.width + 'px';
    } else if (message.type === 'close') { panel.hidden = true; frame.src = 'about:blank'; }
    else if (message.type === 'focus-editor') { planCell.focus(); }
  });

  // ---- sheet tabs and the person's selection (what a range link in the sidebar selected) ----
  var tabs = document.getElementById('sheet-tabs'), nameBox = document.getElementById('name-box');
  var lastSelection = '', windowState = { sheets: [PLAN_SHEET], selection: null };
  var drawn = '', EMPTY_GRID = { firstRow: 1, firstColumn: 1, columnLetters: [], rows: [], editing: {} };
  var picked = null; // the cell the person last clicked on a sheet other than the plan's
  var gridEditing = false; // the person is typing in a cell of another sheet: redraws wait
  var gridEvents = {
    select: function (a1, text, row, column) {
      picked = { sheet: shownSheet, a1: a1, row: row, column: column };
      nameBox.textContent = a1;
      formula.textContent = text;
    },
    editing: function (isEditing) { gridEditing = isEditing; },
    commit: function (a1, text) {
      var headers = Object.assign({ 'content-type': 'application/json' }, secretHeaders);
      var body = JSON.stringify({ sheet: shownSheet, cell: a1, text: text });
      var help = document.getElementById('sheet-help');
      fetch('/api/window/cell', { method: 'PUT', headers: headers, body: body })
        .then(function (r) { return r.json().then(function (answer) { return { ok: r.ok, answer: answer }; }); })
        .then(function (result) {
          help.textContent = result.ok ? SHEET_HELP : 'Could not save ' + a1 + ': ' + result.answer.error.message;
          formula.textContent = text;
          refreshWindow();
          refresh();
        })
        .catch(function (error) { help.textContent = 'Could not save ' + a1 + ': ' + error.message; });
    },
  };
  function showSheet(name) {
    if (gridEditing && name === shownSheet) return;
    shownSheet = name;
    var key = name + JSON.stringify(windowState);
    if (key === drawn) return; // redrawn only when something changed, so focus on a tab stays put
    drawn = key;
    var selection = windowState.selection;
    var selectedHere = selection && selection.sheetName === name;
    document.getElementById('plan-sheet').hidden = name !== PLAN_SHEET;
    document.getElementById('other-sheet').hidden = name === PLAN_SHEET;
    var view = null;
    if (name !== PLAN_SHEET) {
      view = selectedHere ? { sheetName: name, grid: selection.grid, selection: selection }
        : { sheetName: name, grid: (windowState.grids || {})[name] || EMPTY_GRID, selection: null,
          picked: picked && picked.sheet === name ? picked.a1 : null };
      view.hiddenColumns = (windowState.hiddenColumns || {})[name] || [];
      drawSheetGrid(document.getElementById('sheet-grid'), view, gridEvents);
    }
    // The name box and formula bar show the current cell: the selection's top-left one, the cell the person
    // clicked on this sheet (A1 before any), or C2 on the plan's sheet.
    var current = selectedHere ? { row: selection.row, column: selection.column, a1: selection.a1 }
      : picked && picked.sheet === name ? picked : { row: 1, column: 1, a1: 'A1' };
    nameBox.textContent = name === PLAN_SHEET ? CELLS.planCell : current.a1;
    var grid = name === PLAN_SHEET ? null : view.grid;
    var line = grid && grid.rows[current.row - grid.firstRow];
    // A formula shows as written, as in Sheets' formula bar (grid.editing: where the editor's text is another).
    var key = grid && (grid.columnLetters[current.column - grid.firstColumn] || '') + current.row;
    var edited = grid && grid.editing && Object.prototype.hasOwnProperty.call(grid.editing, key);
    formula.textContent = name === PLAN_SHEET ? firstLine(editing ? planCell.value : committed)
      : edited ? grid.editing[key] : line ? line[current.column - grid.firstColumn] || '' : '';
    tabs.textContent = '';
    windowState.sheets.forEach(function (sheet) {
      var tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'tab';
      tab.setAttribute('role', 'tab');
      tab.setAttribute('aria-selected', String(sheet === name));
      tab.textContent = sheet;
      tab.addEventListener('click', function () { showSheet(sheet); });
      tabs.appendChild(tab);
    });
  }
  // The plan sheet's hidden columns (set-up hides the record's column) are left out, as Sheets leaves them out.
  function hidePlanColumns(hidden) {
    var grid = document.querySelector('#plan-sheet .grid');
    Array.prototype.forEach.call(grid.querySelectorAll('[data-column]'), function (element) {
      var column = Number(element.getAttribute('data-column'));
      element.hidden = hidden.indexOf(column) >= 0;
      if (element.tagName === 'TH') element.classList.toggle('after-hidden', hidden.indexOf(column - 1) >= 0);
    });
  }
  function refreshWindow() {
    return fetch('/api/window', { cache: 'no-store', headers: secretHeaders })
      .then(function (r) { return r.json(); })
      .then(function (state) {
        windowState = state;
        hidePlanColumns((state.hiddenColumns || {})[PLAN_SHEET] || []);
        var selection = state.selection, key = selection ? selection.sheetName + '!' + selection.a1 : '';
        // A script selected a range: Sheets switches to its sheet, as here.
        if (key !== lastSelection) { lastSelection = key; showSheet(selection ? selection.sheetName : shownSheet); }
        else showSheet(shownSheet);
      }, function () {});
  }

  refresh();
  refreshWindow();
  setInterval(function () { if (document.visibilityState === 'visible') { refresh(); refreshWindow(); } }, 1500);
})(__SECRET__, __CELLS__);
`;
