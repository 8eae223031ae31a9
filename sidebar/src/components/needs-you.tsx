/**
 * The top of the plan: a "Needs you" strip listing what waits for the person (../needs-you.ts), each line going to
 * its item in the sidebar and, beside it, a link selecting its cells in the sheet; and the task filter (Needs me /
 * Active / All) with "Jump to current", for long plans.
 */
import type { NeedItem } from '../needs-you';
import { plural } from '../words';
import { RangeLink } from './range-links';
import './person-view.css';

const KIND_WORDS: Record<NeedItem['kind'], string> = {
  approval: 'Plan',
  review: 'Review',
  question: 'Question',
  'failed-check': 'Check failed',
  'refused-write': 'Write refused',
  'writes-full': 'Writes wait',
  blocked: 'Blocked',
};

/** Scrolls to an element of the sidebar and puts the focus on it (or its first control), opening its section. */
export function goTo(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const section = element.closest<HTMLElement>('[hidden]');
  if (section) section.hidden = false;
  element.scrollIntoView({ block: 'center' });
  const control = element.querySelector<HTMLElement>('textarea, .task-row, .button:not([disabled])');
  if (!element.hasAttribute('tabindex') && control) control.focus({ preventScroll: true });
  else element.focus({ preventScroll: true });
}

export function NeedsYou({ items }: { items: NeedItem[] }) {
  if (items.length === 0) {
    return (
      <p class="needs-you needs-nothing" role="status">
        Nothing needs you now.
      </p>
    );
  }
  return (
    <nav class="needs-you" aria-labelledby="needs-you-heading">
      <h2 id="needs-you-heading" class="needs-you-heading">
        Needs you <span class="needs-count">{plural(items.length, 'item', 'items')}</span>
      </h2>
      <ul class="needs-list">
        {items.map((item) => (
          <li key={`${item.kind}-${item.step}-${item.range ?? ''}`} class={`need need-${item.kind}`}>
            <button type="button" class="need-go" onClick={() => goTo(item.target)}>
              <span class="need-kind">{KIND_WORDS[item.kind]}</span> {item.label}
            </button>
            {item.range && <RangeLink reference={item.range} />}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type TaskFilterChoice = 'needs' | 'active' | 'all';

const FILTERS: { value: TaskFilterChoice; label: string }[] = [
  { value: 'needs', label: 'Needs me' },
  { value: 'active', label: 'Active' },
  { value: 'all', label: 'All' },
];

/** Which tasks the phases list, and a way to the task being worked on now. */
export function TaskFilter({
  value,
  onChange,
  current,
}: {
  value: TaskFilterChoice;
  onChange: (value: TaskFilterChoice) => void;
  /** The element id of the task in progress (or the next to do); null when none is. */
  current: string | null;
}) {
  return (
    <div class="task-filter">
      <div class="filter-choices" role="radiogroup" aria-label="Show tasks">
        {FILTERS.map((filter) => (
          <button
            key={filter.value}
            type="button"
            role="radio"
            aria-checked={value === filter.value}
            class={`filter-choice${value === filter.value ? ' chosen' : ''}`}
            onClick={() => onChange(filter.value)}
          >
            {filter.label}
          </button>
        ))}
      </div>
      {current && (
        <button type="button" class="button text jump-current" onClick={() => goTo(current)}>
          Jump to current
        </button>
      )}
    </div>
  );
}
