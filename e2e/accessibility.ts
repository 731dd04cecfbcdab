import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './support';

/** The rule set most screens are held to: WCAG 2 level A and AA. */
export const WCAG_2_AA = ['wcag2a', 'wcag2aa'];

/**
 * A colour-contrast node that axe could not decide (text over an image, a gradient or an
 * overlapping layer) and that a person checked by eye. `why` says what was checked, so the next
 * reader can tell whether it still holds.
 */
export interface ContrastCheckedByEye {
  /** A CSS selector the undecided node itself matches (`element.matches`). */
  selector: string;
  why: string;
}

export interface AccessibilityCheck {
  /** Names the screen or state in the failure message. */
  where?: string;
  /** Scopes the run to this selector's subtree (the whole page otherwise). */
  include?: string;
  /** Axe tags to run; `'all'` runs every rule, best practices included. */
  tags?: string[] | 'all';
  /** Undecided contrast nodes accepted after a check by eye. */
  contrastCheckedByEye?: ContrastCheckedByEye[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Why axe left a colour-contrast node undecided, by its message key. Symbols alone (arrows,
 * dots, icon glyphs) are not text, so text contrast (WCAG 1.4.3) does not apply to them. A node
 * axe could not see whole (clipped by a scrolling table, under a fixed header; a one-character
 * cell measured so is reported as "too short") is looked at again once scrolled into view; every
 * other reason (image, gradient, pseudo-element, overlap) fails.
 */
const NOT_TEXT = new Set(['nonBmp']);
const LOOK_AGAIN = new Set(['elmPartiallyObscured', 'elmPartiallyObscuring', 'outsideViewport', 'shortTextContent']);

/**
 * Runs axe on the page as it is painted now and fails on every serious or critical violation and
 * on every colour-contrast node axe left undecided ("incomplete"): axe cannot compute the contrast
 * of text over an image, a gradient or a half-covered background, and reports it there instead
 * of among the violations, so an unreadable label on a tinted card would otherwise pass unseen.
 * An undecided node passes only through an explicit `contrastCheckedByEye` entry.
 */
export async function expectAccessible(page: Page, check: AccessibilityCheck = {}) {
  const { where = 'page', include, tags = WCAG_2_AA, contrastCheckedByEye = [] } = check;
  await transitionsEnded(page);
  let builder = new AxeBuilder({ page });
  if (tags !== 'all') builder = builder.withTags(tags);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();

  const findings = results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`).join(' | ')}`);

  const undecided = results.incomplete.find((r) => r.id === 'color-contrast')?.nodes ?? [];
  for (const node of undecided) {
    const reason = messageKey(node.any);
    if (NOT_TEXT.has(reason)) continue;
    const target = node.target.join(' ');
    const accepted = await acceptedBy(page, target, contrastCheckedByEye);
    if (accepted) continue;
    const finding = LOOK_AGAIN.has(reason) ? await lookAgainInView(page, target) : node.any.map((c) => c.message).join('; ');
    if (finding) findings.push(`${where}: color-contrast (undecided) ${target} "${(node.html ?? '').slice(0, 120)}": ${finding}`);
  }

  expect(findings, `axe findings (${where})`).toEqual([]);
}

const messageKey = (checks: { data?: unknown }[]) => (checks[0]?.data as { messageKey?: string } | undefined)?.messageKey ?? '';

/** Waits (a few seconds at most) for running transitions to end: axe reads colours as painted. */
async function transitionsEnded(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || (a.effect?.getComputedTiming().iterations ?? 1) === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Scrolls an undecided node into view and asks axe (left in the page by the first run) again about
 * its contrast alone: a failure line, or null once axe finds it readable.
 */
async function lookAgainInView(page: Page, target: string): Promise<string | null> {
  return page.evaluate(async (t) => {
    type Node = { any: { message: string }[]; failureSummary?: string };
    type Axe = { run: (context: unknown, options: unknown) => Promise<Record<'violations' | 'incomplete', { nodes: Node[] }[]>> };
    const element = document.querySelector(t);
    if (!element) return null;
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const axe = (window as unknown as { axe: Axe }).axe;
    const again = await axe.run({ include: [t] }, { runOnly: { type: 'rule', values: ['color-contrast'] } });
    const failed = again.violations[0]?.nodes[0];
    if (failed) return `in view: ${failed.failureSummary ?? 'insufficient contrast'}`;
    const still = again.incomplete[0]?.nodes[0];
    return still ? `in view: ${still.any.map((c) => c.message).join('; ')}` : null;
  }, target);
}
/** The first exclusion whose selector the node at `target` matches, if any. */
async function acceptedBy(page: Page, target: string, exclusions: ContrastCheckedByEye[]) {
  if (exclusions.length === 0) return undefined;
  const matches = await page.evaluate(
    ([t, selectors]) => {
      const element = document.querySelector(t);
      return selectors.map((s) => element?.matches(s) ?? false);
    },
    [target, exclusions.map((e) => e.selector)] as const,
  );
  return exclusions.find((_, i) => matches[i]);
}
