// The accessibility rules every screen is held to (tests/e2e/accessibility.spec.ts
// walks them all; a spec with a screen of its own checks it with auditScreen).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
// Experimental in axe-core, so off unless asked for: the visible text of a control must be part of its name (WCAG 2.5.3).
export const EXPERIMENTAL_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The rules broken on the page as it is now: "rule-id: target" for each element. */
export async function auditScreen(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ rules: EXPERIMENTAL_RULES }).analyze();
  return violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}
