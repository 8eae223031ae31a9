/**
 * The local Sheets window's look (sheet-window.ts): the app bar, the formula bar, the grids, the side panel, the
 * sheet tabs and the dialogs, close to Google Sheets' own.
 */
export const SHEET_WINDOW_STYLE = `
:root {
  font-family: "Google Sans", Roboto, -apple-system, "Segoe UI", Arial, sans-serif;
  font-size: 13px;
  color: #202124;
}
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { display: flex; flex-direction: column; background: #f9fbfd; }
.app-bar { display: flex; align-items: center; gap: 12px; padding: 8px 16px 2px; background: #f9fbfd; }
.doc-icon { width: 28px; height: 36px; border-radius: 3px; background: #0f9d58; position: relative; }
.doc-icon::after { content: ""; position: absolute; inset: 12px 6px 8px; border: 2px solid #fff; border-radius: 1px; }
.doc-name { font-size: 18px; line-height: 24px; }
.menu-bar { display: flex; align-items: center; gap: 2px; }
.menu-bar > span, .menu > button { padding: 2px 7px; border-radius: 4px; font-size: 14px; color: #202124; }
.menu > button { border: 0; background: none; font: inherit; font-size: 14px; cursor: pointer; }
.menu > button:hover, .menu > button[aria-expanded="true"] { background: #e8eaed; }
.menus { display: flex; }
.menu { position: relative; }
.menu-items hr { margin: 6px 0; border: 0; border-top: 1px solid #e1e3e1; }
.menu-items { position: absolute; left: 0; top: 26px; z-index: 5; min-width: 160px; padding: 6px 0;
  background: #fff; border-radius: 4px;
  box-shadow: 0 2px 6px 2px rgba(60,64,67,.15), 0 1px 2px rgba(60,64,67,.3); }
.menu-items button {
  display: block;
  width: 100%;
  padding: 6px 16px;
  border: 0;
  background: none;
  font: inherit;
  font-size: 14px;
  text-align: left;
  cursor: pointer;
}
.menu-items button:hover, .menu-items button:focus-visible { background: #f1f3f4; outline: none; }
.local-note { margin-left: auto; font-size: 12px; color: #5f6368; }
.formula-bar {
  display: flex;
  align-items: center;
  gap: 8px;
  margin: 6px 16px 0;
  padding: 4px 8px;
  background: #fff;
  border-radius: 6px 6px 0 0;
  border-bottom: 1px solid #e1e3e1;
}
.name-box { width: 60px; padding: 2px 6px; border-right: 1px solid #e1e3e1; }
.fx { color: #80868b; font-style: italic; }
.formula-text {
  flex: 1;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  color: #3c4043;
  font-family: Roboto, Arial, sans-serif;
}
.workspace { flex: 1; min-height: 0; display: flex; gap: 0; margin: 0 0 0 16px; }
.grid-area { flex: 1; min-width: 0; overflow: auto; background: #fff; }
.grid { border-collapse: collapse; table-layout: fixed; font-family: Arial, sans-serif; font-size: 13px; }
.row-header-col { width: 46px; } .col-a, .col-b { width: 100px; } .col-c { width: 560px; } .col-d { width: 200px; }
.grid th {
  background: #f8f9fa;
  color: #5f6368;
  font-weight: 400;
  font-size: 11px;
  border: 1px solid #e1e3e1;
  height: 22px;
}
.grid th.selected-col, .grid th.selected-row { background: #d3e3fd; color: #0b57d0; font-weight: 500; }
/* Where columns are hidden, as Sheets marks it: a double line before the next column's letter. */
.grid th.after-hidden { border-left: 3px double #80868b; }
.grid td {
  border: 1px solid #e1e3e1;
  height: 22px;
  padding: 0 4px;
  vertical-align: top;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.grid .row-2 { height: calc(100vh - 190px); min-height: 320px; }
.grid .row-2 td { vertical-align: top; }
.grid td.meta { color: #5f6368; font-size: 11px; white-space: normal; word-break: break-all; }
.editing-cell { padding: 0 !important; }
#plan-cell {
  display: block;
  width: 100%;
  height: 100%;
  min-height: 320px;
  border: 0;
  padding: 4px;
  resize: none;
  font-family: Arial, sans-serif;
  font-size: 13px;
  line-height: 1.4;
  color: #202124;
  white-space: pre-wrap;
}
#plan-cell:focus { outline: 2px solid #1a73e8; outline-offset: -2px; }
#plan-cell.dirty { background: #fffef5; }
.cell-help { margin: 8px 8px 16px; color: #5f6368; font-size: 12px; }
.side-panel {
  flex: none;
  display: flex;
  flex-direction: column;
  width: 300px;
  margin-left: 12px;
  background: #fff;
  border-left: 1px solid #dadce0;
  box-shadow: -1px 0 2px rgba(60,64,67,.1);
}
.side-panel[hidden] { display: none; }
.side-panel-header {
  display: flex;
  align-items: center;
  padding: 10px 8px 10px 16px;
  border-bottom: 1px solid #e8eaed;
}
.side-panel-header h2 {
  flex: 1;
  margin: 0;
  font-size: 16px;
  font-weight: 400;
  font-family: "Google Sans", Roboto, Arial, sans-serif;
}
.close {
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 50%;
  background: none;
  color: #5f6368;
  font-size: 14px;
  cursor: pointer;
}
.close:hover { background: #f1f3f4; }
#sidebar { flex: 1; width: 100%; border: 0; }
.sheet-tabs { display: flex; gap: 2px; padding: 4px 16px; background: #f9fbfd; border-top: 1px solid #e1e3e1; }
.tab { padding: 4px 14px; border: 0; border-radius: 0 0 4px 4px; background: none; font: inherit; color: #5f6368;
  cursor: pointer; }
.tab[aria-selected="true"] { background: #e1e9f7; color: #0b57d0; font-weight: 500; }
.sheet-grid td { width: 100px; }
.sheet-grid td.selected { background: #e8f0fe; box-shadow: inset 0 0 0 1px #a8c7fa; }
.sheet-grid td.current { box-shadow: inset 0 0 0 2px #1a73e8; }
.sheet-grid td.picked, .sheet-grid td:focus { outline: 2px solid #1a73e8; outline-offset: -2px; }
.sheet-grid td .cell-input { width: 100%; box-sizing: border-box; border: 0; padding: 0; font: inherit; outline: 0; }
.sheet-grid th.selected-col, .sheet-grid th.selected-row { background: #d3e3fd; color: #0b57d0; font-weight: 500; }
.dialog-backdrop { position: fixed; inset: 0; z-index: 10; display: flex; align-items: center; justify-content: center;
  background: rgba(32,33,36,.4); }
.dialog-backdrop[hidden] { display: none; }
.dialog { width: 420px; max-width: calc(100vw - 32px); padding: 24px; border-radius: 8px; background: #fff;
  box-shadow: 0 4px 8px 3px rgba(60,64,67,.15), 0 1px 3px rgba(60,64,67,.3); }
.dialog h2 { margin: 0 0 12px; font-size: 18px; font-weight: 400; }
.dialog p { margin: 0; white-space: pre-wrap; color: #3c4043; }
.dialog-buttons { display: flex; justify-content: flex-end; margin-top: 24px; }
.dialog-buttons button { padding: 8px 24px; border: 0; border-radius: 4px; background: #1a73e8; color: #fff;
  font: inherit; font-weight: 500; cursor: pointer; }
`;
