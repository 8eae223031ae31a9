/**
 * The texts one call works with (the plan read, the plan it writes), each read and fingerprinted at most once: a call
 * asks here for a text's outline, plan or digest instead of parsing or hashing it again.
 */
import { outlinePlan, planFromOutline, type PlanOutline } from '../format/parse';
import { digestText } from '../text';
import { revisionStamp } from './revision';
import type { Plan } from '../format/types';

export class PlanText {
  private outlineRead?: PlanOutline;
  private planRead?: Plan;
  private digestMade?: string;

  constructor(readonly text: string) {}

  get outline(): PlanOutline {
    this.outlineRead ??= outlinePlan(this.text);
    return this.outlineRead;
  }

  get plan(): Plan {
    this.planRead ??= planFromOutline(this.outline, this.text);
    return this.planRead;
  }

  get digest(): string {
    this.digestMade ??= digestText(this.text);
    return this.digestMade;
  }

  stamp(revision: number): string {
    return revisionStamp(revision, this.text, this.digest);
  }
}

/** A call holds a few texts at a time (read, written, one in between); older ones are let go. */
const KEPT = 4;

/** The texts of one call, by content: the same text asked for twice is the same PlanText. */
export class PlanTexts {
  private readonly texts = new Map<string, PlanText>();

  of(text: string): PlanText {
    let known = this.texts.get(text);
    if (known) return known;
    known = new PlanText(text);
    if (this.texts.size >= KEPT) this.texts.delete(this.texts.keys().next().value as string);
    this.texts.set(text, known);
    return known;
  }

  outline(text: string): PlanOutline {
    return this.of(text).outline;
  }
}
