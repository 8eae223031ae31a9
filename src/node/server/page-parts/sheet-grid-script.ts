/**
 * The local Sheets window's grid of a sheet other than the plan's (the page's script, as text): its cells drawn from
 * GET /api/window, the selection a range link made shown as Sheets shows it, and every cell editable as a person
 * edits one in Sheets: double-click it, or click it and type; Enter or leaving the cell commits, Escape discards.
 * The commit goes to PUT /api/window/cell, the emulator's person-edit path, so onEdit runs as it does in Sheets.
 * A hidden column is left out, and the header after it marked, as in Sheets.
 * Cell text only ever goes into the page as text (textContent, value).
 */
export const SHEET_GRID_SCRIPT = String.raw`
  // view: { sheetName, grid, selection: { row, column, numRows, numColumns } or null, picked: 'B2' or null,
  //         hiddenColumns: [4] (left out, as Sheets leaves out a hidden column) }
  // on: { select(a1, editorText, row, column), commit(a1, text), editing(isEditing) }
  function drawSheetGrid(table, view, on) {
    table.textContent = '';
    table.setAttribute('aria-label', 'Sheet ' + view.sheetName);
    var grid = view.grid, area = view.selection || { row: 0, column: 0, numRows: 0, numColumns: 0 };
    var lastRow = area.row + area.numRows - 1, lastColumn = area.column + area.numColumns - 1;
    var hidden = view.hiddenColumns || [];
    function isHidden(column) { return hidden.indexOf(column) >= 0; }
    var head = table.createTHead().insertRow();
    head.appendChild(document.createElement('th'));
    grid.columnLetters.forEach(function (letters, index) {
      var column = grid.firstColumn + index;
      if (isHidden(column)) return;
      var th = document.createElement('th');
      th.textContent = letters;
      if (column >= area.column && column <= lastColumn) th.className = 'selected-col';
      if (isHidden(column - 1)) th.classList.add('after-hidden');
      head.appendChild(th);
    });
    var body = table.createTBody();
    grid.rows.forEach(function (cells, rowIndex) {
      var row = grid.firstRow + rowIndex, tr = body.insertRow();
      var th = document.createElement('th');
      th.textContent = String(row);
      if (row >= area.row && row <= lastRow) th.className = 'selected-row';
      tr.appendChild(th);
      cells.forEach(function (text, index) {
        var column = grid.firstColumn + index;
        if (isHidden(column)) return;
        var td = tr.insertCell();
        var a1 = grid.columnLetters[index] + row;
        // What the cell editor opens with: a formula, not its result, as in Sheets.
        var opened = Object.prototype.hasOwnProperty.call(grid.editing || {}, a1) ? grid.editing[a1] : text;
        td.textContent = text;
        td.tabIndex = -1;
        td.setAttribute('aria-label', view.sheetName + '!' + a1);
        var inside = row >= area.row && row <= lastRow && column >= area.column && column <= lastColumn;
        var current = row === area.row && column === area.column;
        if (inside) td.className = current ? 'selected current' : 'selected';
        if (view.picked === a1) td.classList.add('picked');
        // The formula bar shows what the editor would open with (a formula as written), as Sheets' does.
        td.addEventListener('click', function () { pick(td); on.select(a1, opened, row, column); });
        td.addEventListener('dblclick', function () { editCell(td, a1, text, opened, opened); });
        td.addEventListener('keydown', function (event) {
          if (td.querySelector('input')) return;
          if (event.key === 'Enter' || event.key === 'F2') {
            event.preventDefault();
            editCell(td, a1, text, opened, opened);
          }
          else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
            // Typing into a selected cell replaces its content, as in Sheets.
            event.preventDefault();
            editCell(td, a1, text, opened, event.key);
          }
        });
      });
    });
    function pick(td) {
      Array.prototype.forEach.call(table.querySelectorAll('td.picked'), function (cell) {
        cell.classList.remove('picked');
      });
      td.classList.add('picked');
      td.focus();
    }
    // shown: the cell's text in the grid; opened: what the editor holds at first when it is not typed over. Only a
    // commit of other text than that changes the cell.
    function editCell(td, a1, shown, opened, start) {
      var input = document.createElement('input');
      input.className = 'cell-input';
      input.value = start;
      input.setAttribute('aria-label', 'Edit ' + view.sheetName + '!' + a1);
      td.textContent = '';
      td.appendChild(input);
      on.editing(true);
      input.focus();
      var done = false;
      function finish(keep) {
        if (done) return;
        done = true;
        var text = input.value;
        var changed = keep && text !== opened;
        td.textContent = changed ? text : shown;
        on.editing(false);
        if (changed) on.commit(a1, text);
      }
      input.addEventListener('keydown', function (event) {
        event.stopPropagation(); // the cell's own keys (Enter opens the editor) are not for the editor's keys
        if (event.key === 'Enter') { event.preventDefault(); finish(true); td.focus(); }
        else if (event.key === 'Escape') { event.preventDefault(); finish(false); td.focus(); }
      });
      input.addEventListener('blur', function () { finish(true); });
    }
  }
`;
