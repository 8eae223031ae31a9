/**
 * Status icons, one element each: the stylesheet draws every status of the standard table as an SVG background
 * (styles/status-icons.css). The status table's glyphs (○ ✓ ⛔ 👀 …) need an emoji font that many computers lack,
 * where they render as empty boxes; and an inline SVG per task was four elements in every row of a long plan.
 * A status added to the table without a drawing of its own is a ring around its checkbox character.
 */
import { statusDefinition } from '../../../src/core/format/statuses';

/** The statuses styles/status-icons.css draws. */
const DRAWN = new Set(['todo', 'doing', 'done', 'blocked', 'review', 'skipped']);

export interface StatusIconOptions {
  /** Where the label is written beside it (the progress counts): no tooltip. */
  decorative?: boolean;
  /** Where nothing else names the status (a finished plan's list): the label, visually hidden, for screen readers. */
  spoken?: boolean;
  /** Inside a control whose name says the status (a task's row): its content is not read, nothing to hide. */
  inNamedControl?: boolean;
}

/**
 * The status's icon, called as a function (not a component): a plan's rows draw one each on the first render.
 * Its label is the tooltip; inside a control whose name already says the status (a task's row), nothing more.
 */
export function statusIcon(
  status: string,
  { decorative = false, spoken = false, inNamedControl = false }: StatusIconOptions = {},
) {
  const { label, symbol } = statusDefinition(status);
  const drawn = DRAWN.has(status);
  return (
    <span
      class={`status-icon status-${drawn ? status : 'other'}`}
      title={decorative ? undefined : label}
      aria-hidden={spoken || inNamedControl ? undefined : 'true'}
    >
      {!drawn && <span aria-hidden="true">{symbol.trim()}</span>}
      {spoken && <span class="visually-hidden">{label}</span>}
    </span>
  );
}
