import { useEffect, useRef, useState } from 'preact/hooks';
import type { EditorState, SidebarController } from '../controller';
import type { PlanView } from '../protocol';
import { PLAN_LOCATION } from '../../../src/apps-script/plan-location';
import { Confirm } from './confirm';

export interface EditorProps {
  editor: EditorState;
  view: PlanView;
  controller: SidebarController;
  disabled: boolean;
}

/** Where line `line` (1-based) starts and ends in `text`; [0, 0] without a line. */
function lineRange(text: string, line: number | undefined): [number, number] {
  if (!line) return [0, 0];
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return [text.length, text.length];
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end < 0 ? text.length : end];
}

const MIRRORED = ['fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing', 'tabSize'] as const;

/**
 * How far down the field's text the character at `offset` is, in px. Lines wrap at the sidebar's 300 px, so line
 * numbers do not say it: the text before it is laid out in a hidden copy of the field, as wide, and measured.
 */
function offsetTop(field: HTMLTextAreaElement, offset: number): number {
  const style = getComputedStyle(field);
  const mirror = document.createElement('div');
  for (const property of MIRRORED) mirror.style[property] = style[property];
  const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  Object.assign(mirror.style, {
    position: 'absolute',
    visibility: 'hidden',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    boxSizing: 'content-box',
    padding: '0',
    width: `${field.clientWidth - padding}px`,
  });
  mirror.textContent = `${field.value.slice(0, offset)}\u200b`;
  document.body.append(mirror);
  const height = mirror.getBoundingClientRect().height;
  mirror.remove();
  const lineHeight = parseFloat(style.lineHeight);
  return height - (Number.isFinite(lineHeight) ? lineHeight : 18);
}

/** The editor's field, focused as it opens, with the line to fix (if any) selected and in view. */
function useOpenedField(editor: EditorState) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // Start at the top of the page and of the document, not wherever focusing would scroll to:
    // a message above the editor (a refused save) stays in view, and so do Save and Cancel.
    window.scrollTo(0, 0);
    const field = area.current;
    if (!field) return;
    field.focus({ preventScroll: true });
    const [start, end] = lineRange(editor.baseText, editor.selectLine);
    field.setSelectionRange(start, end);
    // The selected line a third of the way down the field, however the lines above it wrap.
    field.scrollTop = editor.selectLine ? Math.max(0, offsetTop(field, start) - field.clientHeight / 3) : 0;
  }, []);
  return area;
}

/** The plan changed under the editor: Reload opens it as it is now, the person's text kept below it. */
function StaleWarning({ disabled, onReload }: { disabled?: boolean; onReload: () => void }) {
  return (
    <div class="warning" role="status">
      The plan changed since you opened the editor; saving now will be refused. Reload keeps your text below it.{' '}
      <button type="button" class="button text" disabled={disabled} onClick={onReload}>
        Reload
      </button>
    </div>
  );
}

/** After a refused save: the person's text, below the reloaded plan, to apply again. */
function RefusedText({ text }: { text: string }) {
  return (
    <details class="refused" open>
      <summary>Your text (not saved)</summary>
      <textarea class="field markdown-editor" readOnly aria-label="Your text, not saved" value={text} />
    </details>
  );
}

/**
 * The whole document in a plain text editor. Saving sends the revision the editor was loaded
 * from; the server refuses (CONFLICT) if the plan changed since, and the editor reloads.
 * Cancel and Escape close it at once while the text is as it opened; else they ask first, so that a
 * key pressed by mistake does not throw the person's edits away.
 */
export function Editor({ editor, view, controller, disabled }: EditorProps) {
  const [text, setText] = useState(editor.baseText);
  const area = useOpenedField(editor);
  const stale = view.stamp !== editor.baseStamp;
  const save = (event?: Event) => {
    event?.preventDefault();
    if (!disabled) void controller.save(text);
  };
  // After a refused save the person's text waits below the reloaded plan: closing would lose it too.
  const edited = text !== editor.baseText || editor.refusedText !== undefined;
  const [asking, setAsking] = useState(false);
  const cancel = () => (edited ? setAsking(true) : controller.closeEditor());
  const keepEditing = () => {
    setAsking(false);
    area.current?.focus();
  };

  return (
    <main class="editor">
      <form onSubmit={save}>
        <div class="title-row">
          <h1 class="plan-title">Edit plan</h1>
          <div class="editor-buttons">
            <button type="button" class="button text" disabled={editor.saving} onClick={cancel}>
              Cancel
            </button>
            <button type="submit" class="button primary" disabled={disabled || text === editor.baseText}>
              {editor.saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        </div>
        {asking && (
          <Confirm
            label="Confirm discarding your changes"
            question="Discard your changes to the plan? They have not been saved."
            yes="Discard changes"
            no="Keep editing"
            disabled={editor.saving}
            onYes={() => controller.closeEditor()}
            onCancel={keepEditing}
          />
        )}
        <p class="hint">
          The whole plan as text (version {editor.baseRevision}). If it changes before you save, nothing is saved and
          the editor reloads. Ctrl+Enter saves, Escape cancels.
        </p>
        {stale && (
          <StaleWarning
            disabled={disabled}
            onReload={() => void controller.openEditor(undefined, text === editor.baseText ? editor.refusedText : text)}
          />
        )}
        <label class="field-label" for="plan-markdown">
          Plan text (cell {PLAN_LOCATION.planCell} of the {PLAN_LOCATION.sheet} sheet)
        </label>
        <textarea
          id="plan-markdown"
          ref={area}
          class="field markdown-editor"
          spellcheck={false}
          value={text}
          disabled={editor.saving}
          onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save(event);
            else if (event.key === 'Escape') {
              event.preventDefault();
              cancel();
            }
          }}
        />
        {editor.refusedText !== undefined && <RefusedText text={editor.refusedText} />}
      </form>
    </main>
  );
}
