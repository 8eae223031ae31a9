/**
 * Code the sidebar needs only now and then is not in the page it opens with: the panels a person opens now and then
 * (History, Finished plans, Settings, Connect an agent), the Markdown editor, the approval box's comparison with
 * the plan last approved, and the recovery card (text that is not a plan in the cell).
 * It is a second project file (dist/SidebarDeferred.html, built from ./deferred-entry.ts by sidebar/build.mjs),
 * fetched with one sidebarDeferredCode call the first time it is needed, at the same time as the call that fetches
 * what it shows (a panel's content, the approved plan, the saved versions), so it adds no wait of its own; the
 * editor, which shows the plan the page holds, waits for that one call at its first opening. The page stays small,
 * and the plan is on screen sooner.
 *
 * The deferred bundle runs in this page: it takes preact and the modules whose identity matters from the page
 * (./deferred-shared.ts).
 */
import { DEFERRED_GLOBAL, type Deferred } from './deferred-globals';

declare global {
  interface Window {
    [DEFERRED_GLOBAL]?: Deferred;
  }
}

/** The first line of the deferred code this page was built with: its version (sidebar/build.mjs writes both). */
declare const SHEET_PLAN_DEFERRED_MARK: string;

/** A page older than the deferred code the project holds now (pushed since it opened) does not run it. */
const UPDATED =
  'Sheet Plan was updated since this sidebar opened: close the sidebar and open it again (Agent Plan → Open plan)';

let loading: Promise<Deferred> | null = null;

/** The deferred code, if it has been loaded. */
export function loadedDeferred(): Deferred | null {
  return window[DEFERRED_GLOBAL] ?? null;
}

/**
 * Loads the deferred code once: `fetchCode` answers the file's text (a `<style>` and a `<script>`). A failed load is
 * tried again the next time it is needed.
 */
export function loadDeferred(fetchCode: () => Promise<string>): Promise<Deferred> {
  const loaded = loadedDeferred();
  if (loaded) return Promise.resolve(loaded);
  // Forgotten on any failure, the code's own as well as the call's: the next need asks again.
  loading ??= fetchCode()
    .then((code) => {
      if (!code.startsWith(SHEET_PLAN_DEFERRED_MARK)) throw new Error(UPDATED);
      run(code);
      const deferred = loadedDeferred();
      if (!deferred) throw new Error('Part of the sidebar could not be loaded: its code did not start');
      return deferred;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Adds the file's styles to the page and runs its script (a script parsed from text does not run by itself). */
function run(code: string): void {
  const template = document.createElement('template');
  template.innerHTML = code;
  for (const style of template.content.querySelectorAll('style')) document.head.append(style);
  for (const parsed of template.content.querySelectorAll('script')) {
    const script = document.createElement('script');
    script.textContent = parsed.textContent;
    document.head.append(script);
  }
}
