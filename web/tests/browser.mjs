// The browser test of ARKES: drives the built site (`cargo xtask web`) in
// Debian's Chromium through playwright-core. Run by `cargo xtask test`:
//
//   PLAYWRIGHT_CORE=<.../playwright-core/index.mjs> SITE_SERVER=<site_server> \
//     node web/tests/browser.mjs SITE_DIR SHOTS_DIR
//
// The game runs in automation mode (`?automation`): it logs the same JSON
// lines as the native game to the console (ready/view with the screen
// position of every cell in CSS pixels, pick, selection, move, outcome).
// Every check failing throws; the exit status is 0 only when all pass.
//
// The harness (checks, steps, the game's page, browsers) is in lib/, the
// checks in suites/, one module per group of steps: a new group is a module
// there, added to `suites` below. Each suite takes the run's `env`.

import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { contexts, launcher, passedChecks, problems, shotReport } from './lib/harness.mjs';
import { serveSite } from './lib/server.mjs';
import { arcanorSuite } from './suites/arcanor.mjs';
import { computerSuite } from './suites/computer.mjs';
import { deliverySuite } from './suites/delivery.mjs';
import { desktopSuite } from './suites/desktop.mjs';
import { framesSuite } from './suites/frames.mjs';
import { learnSuite } from './suites/learn.mjs';
import { onlineSuite } from './suites/online.mjs';
import { touchSuite } from './suites/touch.mjs';

const { chromium } = await import(process.env.PLAYWRIGHT_CORE ?? 'playwright-core');
const [siteDir, shotsDir] = process.argv.slice(2).map((p) => resolve(p));
if (!siteDir || !shotsDir) {
  console.error('usage: node browser.mjs SITE_DIR SHOTS_DIR');
  process.exit(64);
}

// ---------------------------------------------------------------- server
const { server, origin, log: serverLog } = await serveSite(siteDir);

// ---------------------------------------------------------------- tests
await mkdir(shotsDir, { recursive: true });
const launch = launcher(chromium);
const browser = await launch();
const browsers = [browser];
const report = {};
const context = contexts({ origin, shotsDir, browser });
/// What every suite may use: the site and the server's log of responses, the browsers (a suite starting one
/// adds it to `browsers`, closed at the end), the report and `context`.
const env = { origin, serverLog, siteDir, shotsDir, chromium, launch, browser, browsers, report, context };
/// The suites, in the order they run.
const suites = [
  desktopSuite, touchSuite, arcanorSuite, learnSuite, framesSuite, deliverySuite, computerSuite, onlineSuite,
];

/// `ARKES_WEB_SUITES=computer,online` runs only those (by name without
/// `Suite`), while working on them; the test command runs them all.
const only = (process.env.ARKES_WEB_SUITES ?? '').split(',').filter(Boolean);
const chosen = only.length ? suites.filter((s) => only.includes(s.name.replace(/Suite$/, ''))) : suites;
if (only.length) console.log(`web: only the suites ${chosen.map((s) => s.name).join(', ')} (ARKES_WEB_SUITES)`);

try {
  for (const suite of chosen) await suite(env);
} catch (error) {
  problems.push(String(error.stack ?? error));
  for (const [i, page] of browsers.flatMap((b) => b.contexts()).flatMap((c) => c.pages()).entries()) {
    await page.screenshot({ path: join(shotsDir, `failure-${i}.png`) }).catch(() => {});
  }
} finally {
  for (const b of browsers) await b.close();
  server.close();
}

report.screenshots = shotReport;
await writeFile(join(shotsDir, 'report.json'), JSON.stringify(report, null, 2));
if (report.firstFrameMs != null) {
  console.log(`web: first frame ${(report.firstFrameMs / 1000).toFixed(1)} s after navigation (headless Chromium, SwiftShader)`);
}
console.log(`web: screenshots in ${shotsDir}`);
if (problems.length) {
  console.error(`web: ${problems.length} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`web: all ${passedChecks()} checks passed`);
