import { mkdirSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Headless Debian Chromium with the flags this sandbox needs (no background networking, no sandbox as root). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Where screenshots go (git-ignored). */
export const SHOTS = 'test-results/screenshots';
mkdirSync(SHOTS, { recursive: true });
