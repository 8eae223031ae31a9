/**
 * The plan's checklist drawn before the page's script has run: the person sees the plan as soon as the page arrives,
 * instead of after that script (most of the page's bytes) has been compiled and has drawn the panel. The page runs it
 * after this first frame (./page-start.ts), and the panel then takes its place in one step. So that nothing moves
 * when it does, the title, phases and rows are the panel's own elements and classes (plan-panel.tsx, collapsible.tsx,
 * task.tsx, status-icon.tsx); the rest of the panel (the status, what needs the person, the rows' details) comes with
 * the script. Until then it is inert and hidden from assistive technology: a click or a screen reader would meet
 * controls that do nothing yet.
 */
import { escapeHtml as escape } from '../../src/core/text';
import { iconKind } from './drawn-statuses';
import { phaseHeading } from './phase-heading';
import type { Checklist } from './protocol';

/** The checklist as HTML, for the page's root. */
export function firstPaint({ title, finished, phases }: Checklist): string {
  const sections = phases.map(([number, name, derived, tasks]) => {
    const done = tasks.filter(([status]) => finished.includes(status)).length;
    const heading = phaseHeading({ number, name, derived }, done, tasks.length);
    // A finished phase starts closed, its rows hidden: it needs none.
    const rows = heading.complete ? '' : `<ul class="task-list">${tasks.map(taskRow).join('')}</ul>`;
    return (
      `<section class="collapsible phase${heading.complete ? ' complete' : ''}"><h2 class="section-heading">` +
      `<button type="button" class="section-toggle" aria-expanded="${!heading.complete}"><span class="chevron">` +
      `</span><span class="section-title">${escape(heading.title)}</span><span class="section-count">` +
      `${heading.count}</span></button></h2><div${heading.complete ? ' hidden' : ''}>${rows}</div></section>`
    );
  });
  return (
    `<main class="plan" inert aria-hidden="true"><header class="plan-header"><h1 class="plan-title">` +
    `${escape(title || 'Untitled plan')}</h1></header>${sections.join('')}</main>`
  );
}

/** A task's row without its actions; a status the stylesheet does not draw shows an empty ring until the panel. */
function taskRow([status, step, title]: [string, string, string]): string {
  return (
    `<li class="task task-${escape(status)}"><div class="task-line"><button type="button" class="task-row">` +
    `<span class="status-icon status-${iconKind(status)}"></span>${escape(step)}</button>` +
    `<span class="task-title">${escape(title)}</span></div></li>`
  );
}
