/**
 * Accessibility checks for browser tests: axe-core run in the page, either its WCAG 2 A/AA rules only (the themes'
 * promise) or every rule it runs by default (best practices too: one h1, landmarks, labels of every control).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

// Evaluated rather than added as a script tag: the admin's Content-Security-Policy refuses inline scripts.
const AXE = readFileSync(path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js'), 'utf8');
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** `wcag`: the WCAG 2 A/AA rules; `default`: axe-core's default rule set. */
export type AxeRules = 'wcag' | 'default';

export type Impact = 'minor' | 'moderate' | 'serious' | 'critical';

export interface Violation {
  id: string;
  impact: Impact;
  help: string;
  nodes: string[];
  /** The first node's markup, shortened, and what axe found wrong with it. */
  html: string;
  summary: string;
}

/** axe-core's violations on the page as it is, with every menu disclosure open. */
export async function axeViolations(page: Page, rules: AxeRules): Promise<Violation[]> {
  // A single-page app keeps the script from one screen to the next.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(
    async ({ tags }) => {
      for (const details of document.querySelectorAll('details')) details.open = true;
      // biome-ignore lint/suspicious/noExplicitAny: axe is the script just added to the page
      const axe = (window as any).axe;
      const result = await axe.run(document, {
        ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (v: {
          id: string;
          impact: Impact;
          help: string;
          nodes: { target: string[]; html: string; failureSummary?: string }[];
        }) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => n.target.join(' ')),
          html: v.nodes[0]?.html.slice(0, 300) ?? '',
          summary: v.nodes[0]?.failureSummary ?? '',
        }),
      );
    },
    { tags: rules === 'wcag' ? WCAG_A_AA : null },
  );
}

/** axe-core's WCAG 2 A/AA rules on the page as it is, with every menu disclosure open. */
export const wcagViolations = (page: Page): Promise<Violation[]> => axeViolations(page, 'wcag');

/** The default rules' violations of at least `serious` impact (critical and serious). */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  return (await axeViolations(page, 'default')).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
}
