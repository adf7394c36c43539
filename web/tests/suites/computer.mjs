// The computer on the web: its search in a Web Worker, and the coach's review.

import { join } from 'node:path';
import { BOOT_TIMEOUT, check, step } from '../lib/harness.mjs';
import { decodePng } from '../lib/png.mjs';

export async function computerSuite({ context, shotsDir, report }) {
  // The computer on the web: its search runs in a Web Worker (the game's
  // module has no threads), so the main thread only looks for the answer.
  const ai = await context({ viewport: { width: 800, height: 600 } }, 'ai');
  await step('two computer players think in a Web Worker, off the main thread', async () => {
    const p = ai.game;
    await p.open('&seats=hard,hard&seed=1&frames=120');
    // The frame report (after 120 frames) may come before or after the
    // first move: look for each from the start of this page.
    const start = p.cursor;
    const move = await p.next('move');
    check(move.seat === 'south' && move.notation, `the computer played for South: ${JSON.stringify(move)}`);
    const reply = await p.next('move');
    check(reply.seat === 'north' && reply.notation, `the computer played for North: ${JSON.stringify(reply)}`);
    p.cursor = start;
    const frames = await p.next('frames', () => true, BOOT_TIMEOUT);
    check(frames.thinking_frames > 0, 'some frames were drawn while the computer thought');
    check(
      frames.ai_worker_frames > 0 && frames.ai_stepped_frames === 0,
      `the worker searched and the main thread never did (${frames.ai_worker_frames} frames waiting ` +
        `for the worker, ${frames.ai_stepped_frames} searching on the main thread, of ${frames.ai_slices})`,
    );
    report.computerFrames = frames;
    // Garbage posted to the worker: it answers each with an error (the
    // game counts them) and goes on searching.
    p.cursor = p.events.length;
    const plies = reply.ply;
    await p.page.evaluate(() => {
      window.arkesAiWorker.postMessage('garbage {');
      window.arkesAiWorker.postMessage({ not: 'a string' });
      window.arkesAiWorker.postMessage(JSON.stringify({ turn: 1, record: 'x', level: 'easy', seed: 1, extra: true }));
    });
    const rejected = await p.next('ai-worker', (e) => e.rejections >= 3);
    check(rejected.restarts === 0, `garbage does not kill the worker: ${JSON.stringify(rejected)}`);
    const afterGarbage = await p.next('move', (e) => e.ply > plies);
    check(afterGarbage.notation, `the computer plays on after the garbage: ${JSON.stringify(afterGarbage)}`);
    // A worker that fails is replaced at once: the next move comes from the
    // new worker, long before the 30 s the game waits for a silent one.
    const failedAt = Date.now();
    const replaced = await p.page.evaluate(() => {
      const old = window.arkesAiWorker;
      old.dispatchEvent(new ErrorEvent('error', { message: 'a failure made by the browser test' }));
      return new Promise((ok) => {
        const look = () => (window.arkesAiWorker !== old ? ok(true) : setTimeout(look, 50));
        setTimeout(() => ok(false), 10_000);
        look();
      });
    });
    check(replaced, 'the failed worker was replaced within 10 s');
    const restarted = await p.next('ai-worker', (e) => e.restarts >= 1);
    const afterFailure = await p.next('move', (e) => e.ply > afterGarbage.ply);
    const took = (Date.now() - failedAt) / 1000;
    check(took < 20, `the move after the worker failed came ${took.toFixed(1)} s later (a silent worker costs 30 s)`);
    console.log(
      `web: the worker answered ${rejected.rejections} garbage messages with errors; after a failure it was ` +
        `replaced (${restarted.restarts} restart) and the next move (${afterFailure.notation}) came ${took.toFixed(1)} s later`,
    );
    console.log(
      `web: with the computer thinking, frames median ${frames.thinking_median_ms.toFixed(1)} ms, ` +
        `p95 ${frames.thinking_p95_ms.toFixed(1)} ms, max ${frames.thinking_max_ms.toFixed(1)} ms ` +
        `(all frames median ${frames.median_ms.toFixed(1)} ms); ` +
        `the search's time on the main thread: ${frames.ai_slices} frames, median ${frames.ai_main_thread_median_ms.toFixed(2)} ms, ` +
        `longest ${frames.ai_main_thread_max_ms.toFixed(2)} ms (${frames.ai_worker_frames} frames with the search in the worker, ` +
        `${frames.ai_stepped_frames} on the main thread)`,
    );
  });
  await ai.ctx.close();
  // The coach's review in the browser: every ply searched in the worker,
  // the main thread only sending the game and checking the answers.
  const coach = await context({ viewport: { width: 1280, height: 720 } }, 'coach');
  await step('the coach reviews a game in the worker and shows its graph', async () => {
    const p = coach.game;
    await p.open('&seats=easy,easy&seed=3');
    const twelfth = await p.next('move', (e) => e.ply >= 12, 120_000);
    // The pause menu (Esc), then its Review button, clicked.
    await p.page.keyboard.press('Escape');
    const paused = await p.next('screen', (e) => e.overlay === 'paused' && e.buttons && e.buttons['review-game']);
    const longTasks = await p.page.evaluate(() => {
      window.arkesLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.arkesLongTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
      return true;
    });
    check(longTasks, 'a long-task observer');
    const started = Date.now();
    await p.click(paused.buttons['review-game']);
    const review = await p.next('review', (e) => e.complete, 180_000);
    const seconds = (Date.now() - started) / 1000;
    check(review.total >= twelfth.ply && review.plies.length === review.total, `a verdict per ply: ${JSON.stringify(review).slice(0, 300)}`);
    check(review.errors.length === 0, `the worker's reviews were all accepted: ${review.errors}`);
    check(review.main_thread_searches === 0, `no review search ran on the main thread (${review.main_thread_searches})`);
    const tasks = await p.page.evaluate(() => window.arkesLongTasks);
    // The graph, drawn in the panel: lines in the seats' colours on its dark ground.
    await p.page.waitForTimeout(1500);
    const path = join(shotsDir, 'review.png');
    const shot = decodePng(await p.page.screenshot({ path }));
    const [gx, gy, gw, gh] = review.graph;
    const lit = shot.shareIn(gx, gy, gw, gh, ([r, g, b]) => Math.max(r, g, b) > 120);
    check(lit > 0.003 && lit < 0.5, `the review graph has lines (${(lit * 100).toFixed(2)} % lit) in ${path}`);
    report.review = { plies: review.total, seconds, ms: review.ms, mainThreadMaxMs: review.main_thread_max_ms, longTasks: tasks };
    console.log(
      `web: the coach reviewed ${review.total} plies in ${(review.ms / 1000).toFixed(1)} s in the worker ` +
        `(${seconds.toFixed(1)} s from the click); the review's longest time on the main thread in a frame ` +
        `${review.main_thread_max_ms} ms; the page's long tasks meanwhile (SwiftShader draws each frame on the main thread): ` +
        `${tasks.length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms`,
    );
  });
  await coach.ctx.close();
}
