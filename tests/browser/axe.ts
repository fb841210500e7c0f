/** axe-core in the browser tests: WCAG 2.0 and 2.1, levels A and AA, on a page as it is now. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe's own build, injected into each page (it is not part of the site). */
const AXE_SOURCE = readFileSync(join(dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js'), 'utf8');
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
};

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** Runs axe on the page as it is now; returns the violations in a form that prints well. */
export async function audit(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the site's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(document, options);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
  }, AXE_OPTIONS);
}

export function report(where: string, violations: Violation[]): string {
  const lines = [`${violations.length} axe violation(s) on ${where}:`];
  for (const violation of violations) {
    lines.push(`  ${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} ${violation.helpUrl}`);
    for (const node of violation.nodes) {
      lines.push(`    ${node.target}`);
      if (node.summary) lines.push(...node.summary.split('\n').map((line) => `      ${line}`));
    }
  }
  return lines.join('\n');
}

export async function expectNoViolations(page: Page, where: string): Promise<void> {
  const violations = await audit(page);
  assert.equal(violations.length, 0, report(where, violations));
}

