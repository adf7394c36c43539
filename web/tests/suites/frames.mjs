// Frame times and the time to the first drawn board, at High and Low quality.

import { BOOT_TIMEOUT, check, step } from '../lib/harness.mjs';

export async function framesSuite({ context, report }) {
  // Frame times of the 4-player start at each quality, and how soon the
  // board is drawn (the page's cover stays until the pipelines are ready).
  const frameRuns = await context({ viewport: { width: 1280, height: 720 } }, 'frames');
  await step('frame times of the 4-player start at High and Low', async () => {
    const p = frameRuns.game;
    report.quality = {};
    for (const quality of ['high', 'low']) {
      const ready = await p.open(`&new&players=4&no-auto-rotate&quality=${quality}&frames=30`);
      check(ready.quality === quality, `?quality=${quality} gave ${ready.quality}`);
      const firstFrameMs = await p.page.evaluate(() => window.arkesFirstFrameMs ?? null);
      const downloadedMs = await p.page.evaluate(() => window.arkesDownloadedMs ?? null);
      const frames = await p.next('frames', () => true, BOOT_TIMEOUT);
      report.quality[quality] = { firstFrameMs, downloadedMs, ...frames };
      // No half-drawn frames: everything in view was compiled before the
      // cover went (nothing is clicked here, so nothing new comes into view).
      check(
        frames.pipelines && frames.pipelines.compiled_after_loading === 0,
        `quality ${quality}: pipelines compiled after the loading step: ${JSON.stringify(frames.pipelines)}`,
      );
      await p.screenshot(`quality-${quality}`);
      console.log(
        `web: quality ${quality}: board drawn ${(firstFrameMs / 1000).toFixed(1)} s after navigation ` +
          `(wasm downloaded at ${(downloadedMs / 1000).toFixed(1)} s, then ${p.loaded ?? 'no loading line'}); ` +
          `frames median ${frames.median_ms.toFixed(1)} ms, p95 ${frames.p95_ms.toFixed(1)} ms, ` +
          `max ${frames.max_ms.toFixed(1)} ms; ${frames.pipelines.ready} pipelines, none compiled after loading`,
      );
    }
  });
  await frameRuns.ctx.close();
}
