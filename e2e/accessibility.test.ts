import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { AREA_TABS, tabRoute } from '../frontend/src/app/navigation.js';
import { launchChromium } from './browser.js';

/**
 * Accessibility (issue 30, item 5): axe-core over every page of every area, the dashboard, Page not found and the
 * public sign-in pages, at 1366 px and on a 390 px phone: no serious or critical violation of WCAG 2.1 A/AA.
 */
const url = inject('e2eUrl');
const admin = inject('e2eAdmin');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const ROUTES = [
  '/dashboard',
  ...Object.entries(AREA_TABS).flatMap(([area, tabs]) => tabs.map((t) => tabRoute(area, t.path))),
  '/no-such-page',
];

/** Each serious or critical violation on the page: its rule, how many elements, and the first of them. */
async function violations(page: Page): Promise<string[]> {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return res.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.html.slice(0, 120) ?? ''}`);
}

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  it(`every page at ${width} px has no serious or critical axe-core violation`, { timeout: 600_000 }, async () => {
    const found: string[] = [];
    const visitor = await (await browser.newContext({ viewport: { width, height } })).newPage();
    for (const path of ['/', '/set-password', '/forgot-password']) {
      await visitor.goto(`${url}${path}`);
      await visitor.getByRole('heading', { level: 1 }).first().waitFor();
      found.push(...(await violations(visitor)).map((v) => `${path}: ${v}`));
    }
    await visitor.context().close();
    const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
    await page.goto(url);
    await page.getByLabel('E-mail or username').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    for (const path of ROUTES) {
      await page.goto(`${url}${path}`);
      // The page as a person reads it: its h1 there and nothing still loading.
      await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      found.push(...(await violations(page)).map((v) => `${path}: ${v}`));
    }
    await page.context().close();
    expect(found, found.join('\n')).toEqual([]);
  });
}
