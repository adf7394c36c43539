// Two builds of the site side by side, in headless Chromium (SwiftShader):
// the frame times of the 4-player ARKES start at High and Low, 60 frames
// each after the loading step, and the coach's review of a recorded
// 100-ply game of four players in the Web Worker (`lib/review100.mjs`), in
// rounds (each round runs every site at every quality and then every
// site's review, one after the other, in a fresh page), so the machine's
// drift between runs minutes apart cancels out in each round's ratio. Run
// by `cargo xtask bench-web --against OTHER_SITE`:
//
//   PLAYWRIGHT_CORE=<.../playwright-core/index.mjs> SITE_SERVER=<site_server> \
//     node web/tests/bench.mjs ROUNDS NAME=SITE_DIR NAME=SITE_DIR
//
// Prints, per site and quality, the median over the rounds of each run's
// median and p95 frame time and of the time to the first board frame, per
// site the median of the review's time (in the worker, from its first
// request to its last answer) and of its longest time on the main thread
// in a frame, and the median of each round's ratio to the first site.

import { resolve } from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS, GamePage, problems } from './lib/harness.mjs';
import { reviewHundredPlies } from './lib/review100.mjs';
import { serveSite } from './lib/server.mjs';

const { chromium } = await import(process.env.PLAYWRIGHT_CORE ?? 'playwright-core');
const [roundsArg, ...siteArgs] = process.argv.slice(2);
const rounds = Number(roundsArg);
const sites = siteArgs.map((arg) => {
  const [name, dir] = arg.split('=');
  return { name, dir: resolve(dir) };
});
if (!(rounds > 0) || sites.length < 2 || sites.some((s) => !s.name || !s.dir)) {
  console.error('usage: node bench.mjs ROUNDS NAME=SITE_DIR NAME=SITE_DIR [NAME=SITE_DIR...]');
  process.exit(64);
}
const QUALITIES = ['high', 'low'];
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
/// The table's last cell: 1 for the first site, else the median of each
/// round's ratio to the first site and the ratios themselves.
const ratioCell = (i, ratios) =>
  i === 0 ? '1' : `${median(ratios).toFixed(3)} (${ratios.map((x) => x.toFixed(2)).join(' / ')})`;

const servers = [];
for (const site of sites) {
  const served = await serveSite(site.dir);
  servers.push(served.server);
  site.origin = served.origin;
}
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
/// results[site][quality] = [{ median, p95, board }] (one per round)
const results = sites.map(() => Object.fromEntries(QUALITIES.map((q) => [q, []])));
/// reviews[site] = [{ seconds, mainThreadMaxMs }] (one per round)
const reviews = sites.map(() => []);

/// One review of the 100-ply fixture in a fresh page of `site`.
async function review(site) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const game = new GamePage(await context.newPage(), `${site.name} review`, { origin: site.origin, shotsDir: '.' });
  const done = await reviewHundredPlies(game);
  await context.close();
  return { seconds: done.ms / 1000, mainThreadMaxMs: done.main_thread_max_ms };
}

/// One run: a fresh page of `site` at `quality`; its frame report.
async function run(site, quality) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const frames = new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${site.name} ${quality}: no frame report in 240 s`)), 240_000);
    page.on('console', (message) => {
      const text = message.text();
      if (!text.startsWith('{')) return;
      try {
        const event = JSON.parse(text);
        if (event.event === 'frames') {
          clearTimeout(timer);
          ok(event);
        }
      } catch {
        /* not an event */
      }
    });
  });
  await page.goto(`${site.origin}/?automation&new&players=4&no-auto-rotate&quality=${quality}&frames=60`);
  const report = await frames;
  const board = await page.evaluate(() => window.arkesFirstFrameMs ?? null);
  await context.close();
  return { median: report.median_ms, p95: report.p95_ms, board };
}

try {
  for (let round = 1; round <= rounds; round += 1) {
    for (const quality of QUALITIES) {
      for (const [i, site] of sites.entries()) {
        const r = await run(site, quality);
        results[i][quality].push(r);
        console.log(
          `bench-web: round ${round}, ${site.name} at ${quality}: frames median ${r.median.toFixed(1)} ms, ` +
            `p95 ${r.p95.toFixed(1)} ms, board after ${(r.board / 1000).toFixed(1)} s`,
        );
      }
    }
    for (const [i, site] of sites.entries()) {
      const r = await review(site);
      reviews[i].push(r);
      console.log(
        `bench-web: round ${round}, ${site.name}: 100 plies reviewed in ${r.seconds.toFixed(1)} s, ` +
          `at most ${r.mainThreadMaxMs} ms on the main thread in a frame`,
      );
    }
  }
  if (problems.length) throw new Error(`problems on the pages:\n${problems.join('\n')}`);
} finally {
  await browser.close();
  for (const server of servers) server.close();
}

console.log(`\nbench-web: ${rounds} rounds, 4-player start, 1280x720, 60 frames after loading (medians over the rounds)`);
console.log('| site | quality | frame median | frame p95 | board drawn after | × first site (each round) |');
console.log('|---|---|---|---|---|---|');
for (const quality of QUALITIES) {
  for (const [i, site] of sites.entries()) {
    const runs = results[i][quality];
    const ratios = runs.map((r, k) => r.median / results[0][quality][k].median);
    console.log(
      `| ${site.name} | ${quality} | ${median(runs.map((r) => r.median)).toFixed(1)} ms | ` +
        `${median(runs.map((r) => r.p95)).toFixed(1)} ms | ${(median(runs.map((r) => r.board)) / 1000).toFixed(2)} s | ` +
        `${ratioCell(i, ratios)} |`,
    );
  }
}

console.log(`\nbench-web: the coach's review of 100 plies of a four-player game (web/tests/data/review-4p.txt), 1280x720`);
console.log('| site | review time | longest on the main thread in a frame | × first site (each round) |');
console.log('|---|---|---|---|');
for (const [i, site] of sites.entries()) {
  const runs = reviews[i];
  const ratios = runs.map((r, k) => r.seconds / reviews[0][k].seconds);
  console.log(
    `| ${site.name} | ${median(runs.map((r) => r.seconds)).toFixed(1)} s | ` +
      `${median(runs.map((r) => r.mainThreadMaxMs)).toFixed(1)} ms | ` +
      `${ratioCell(i, ratios)} |`,
  );
}
