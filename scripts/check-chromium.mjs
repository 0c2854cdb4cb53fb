#!/usr/bin/env node
// First step of `npm run test:e2e`: without the Chromium the end-to-end tests drive, stop here with
// one line saying what to install, instead of failing deep inside Playwright after a full build.
import { accessSync, constants } from 'node:fs';
import { CHROMIUM_PATH } from '../e2e/chromium.ts';

try {
  accessSync(CHROMIUM_PATH, constants.X_OK);
} catch {
  console.error(
    `The end-to-end tests need Chromium at ${CHROMIUM_PATH}: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
