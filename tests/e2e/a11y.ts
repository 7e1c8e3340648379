/** Accessibility checks for browser tests: axe-core's WCAG 2 A/AA rules run in the page. */
import path from 'node:path';
import type { Page } from '@playwright/test';

const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  help: string;
  nodes: string[];
}

/** axe-core's WCAG 2 A/AA rules on the page as it is, with every menu disclosure open. */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script just added to the page
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((v: { id: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, WCAG_A_AA);
}
