// Desktop, with the mouse: the first load, a screenshot, clicks, resizes, a
// reload, the game offline and a new build's update notice.

import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BOOT_TIMEOUT, canvasSize, cell, check, step } from '../lib/harness.mjs';
import { isGold } from '../lib/png.mjs';

export async function desktopSuite({ context, siteDir, report }) {
  // Desktop, mouse.
  const desktop = await context({ viewport: { width: 1280, height: 720 } }, 'desktop');
  const game = desktop.game;
  let view;
  await step('the page loads and the game reports ready', async () => {
    view = await game.open('&new');
    check(view.to_move === 'south', `south moves first, got ${view.to_move}`);
    // SwiftShader is a software renderer: Auto quality picks Low.
    check(view.quality === 'low', `Auto quality on SwiftShader is ${view.quality}`);
    report.firstFrameMs = await game.page.evaluate(() => window.arkesFirstFrameMs ?? null);
    // The loading overlay fades out once the game has drawn.
    await game.overlayGone();
  });
  await step('a screenshot shows a real render with the golden cell gold', async () => {
    const shot = await game.screenshot('desktop-start');
    check(shot.width === 1280 && shot.height === 720, `screenshot is ${shot.width}x${shot.height}`);
    check(shot.contrast() > 12, `the screenshot looks blank (contrast ${shot.contrast().toFixed(1)})`);
    const [x, y] = cell(view, 'e5');
    const gold = shot.mean(Math.round(x), Math.round(y));
    check(isGold(gold), `the golden cell is not gold: ${gold.map(Math.round)}`);
  });
  await step('mouse clicks on b1 then b2 play b1-b2', async () => {
    await game.click(cell(view, 'b1'));
    const selected = await game.next('selection', (e) => e.cell === 'b1');
    check(selected.destinations.includes('b2'), `b2 is a destination of b1: ${selected.destinations}`);
    await game.click(cell(view, 'b2'));
    const move = await game.next('move');
    check(move.notation === 'b1-b2', `expected b1-b2, got ${move.notation}`);
    check(move.position.includes('2 .  S  .') && move.position.includes('1 .  .  S  S  Ss'), `position:\n${move.position}`);
    view = await game.next('view', (e) => e.to_move === 'north');
    await game.screenshot('desktop-after-b1-b2');
  });
  await step('ten resizes keep the canvas equal to the viewport and picking aligned', async () => {
    const sizes = [
      [1000, 700], [800, 600], [1280, 720], [640, 900], [1100, 500],
      [720, 720], [1366, 768], [900, 640], [500, 800], [1200, 700],
    ];
    for (const [width, height] of sizes) {
      await game.page.setViewportSize({ width, height });
      view = await game.next('view', (e) => e.window.width === width && e.window.height === height);
      await game.page.waitForTimeout(300);
      const size = await canvasSize(game.page);
      check(size.css[0] === width && size.css[1] === height, `canvas ${size.css} in a ${width}x${height} viewport`);
      check(size.pixels[0] === width && size.pixels[1] === height, `canvas buffer ${size.pixels} at DPR 1`);
    }
    // After a few more frames, the canvas has not grown.
    await game.page.waitForTimeout(2000);
    const size = await canvasSize(game.page);
    check(size.css[0] === 1200 && size.css[1] === 700, `the canvas grew to ${size.css}`);
    for (const name of ['a1', 'i9', 'e5']) {
      await game.click(cell(view, name));
      const pick = await game.next('pick');
      check(pick.cell === name, `a click on ${name} picked ${pick.cell}`);
    }
    await game.screenshot('desktop-resized');
    await game.click(cell(view, 'c9'));
    await game.next('selection', (e) => e.cell === 'c9');
    await game.click(cell(view, 'c8'));
    const move = await game.next('move');
    check(move.notation === 'c9-c8', `expected c9-c8 after the resizes, got ${move.notation}`);
    report.positionBeforeReload = move.position;
  });
  await step('reloading the page resumes the same position', async () => {
    await game.next('view', (e) => e.to_move === 'south');
    // Without `new`, the web build goes straight back to the saved game.
    let resumed = await game.open('');
    check(resumed.position === report.positionBeforeReload, `resumed:\n${resumed.position}`);
    game.cursor = game.events.length;
    await game.page.reload();
    resumed = await game.next('ready', () => true, BOOT_TIMEOUT);
    check(resumed.position === report.positionBeforeReload, `after a reload:\n${resumed.position}`);
    await game.screenshot('desktop-reloaded');
  });
  await step('after one load, the page loads and a move plays with the network cut', async () => {
    // The service worker has cached the site during the first visit.
    const cached = await game.page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return 'no service worker in this browser';
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 600; i += 1) {
        const names = await caches.keys();
        for (const name of names) {
          const cache = await caches.open(name);
          if (navigator.serviceWorker.controller && (await cache.match(window.arkesSite.wasm))) return 'cached';
        }
        await new Promise((ok) => setTimeout(ok, 100));
      }
      return 'the wasm is not cached after 60 s';
    });
    check(cached === 'cached', cached);
    const manifest = await game.page.evaluate(async () => {
      const link = document.querySelector('link[rel=manifest]');
      const json = await (await fetch(link.href)).json();
      return { display: json.display, icons: json.icons.map((i) => i.sizes) };
    });
    check(manifest.display === 'standalone' && manifest.icons.includes('512x512'), `manifest: ${JSON.stringify(manifest)}`);
    await desktop.ctx.setOffline(true);
    const offline = await game.open('&new');
    check(offline.to_move === 'south', `offline: south moves first, got ${offline.to_move}`);
    await game.overlayGone();
    await game.click(cell(offline, 'd1'));
    await game.next('selection', (e) => e.cell === 'd1');
    await game.click(cell(offline, 'd2'));
    const move = await game.next('move');
    check(move.notation === 'd1-d2', `offline: expected d1-d2, got ${move.notation}`);
    await game.screenshot('desktop-offline');
    await desktop.ctx.setOffline(false);
  });
  await step('a new build installs beside the cached one and offers to reload', async () => {
    const swPath = join(siteDir, 'sw.js');
    const original = await readFile(swPath, 'utf8');
    const version = /const VERSION = '([^']*)'/.exec(original)?.[1];
    check(version && !version.includes('__'), `sw.js names its build (${version})`);
    // A new build writes sw.js and its compressed copies together: these
    // are set aside while sw.js changes, so the server sends the new one.
    const copies = [];
    for (const suffix of ['.br', '.gz']) {
      copies.push([`${swPath}${suffix}`, await readFile(`${swPath}${suffix}`).catch(() => null)]);
      await rm(`${swPath}${suffix}`, { force: true });
    }
    try {
      await writeFile(swPath, original.replace(version, `${version}-next`));
      await game.page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await game.page.waitForSelector('#update.shown', { timeout: 60_000 });
      const text = await game.page.textContent('#update');
      check(/updated|mise à jour/i.test(text), `update notice: ${text}`);
      await game.screenshot('desktop-update-notice');
      game.cursor = game.events.length;
      await game.page.click('#update-reload');
      await game.next('ready', () => true, BOOT_TIMEOUT);
      const names = await game.page.evaluate(async () => caches.keys());
      check(names.length === 1 && names[0].endsWith('-next'), `after the reload only the new cache is left: ${names}`);
    } finally {
      await writeFile(swPath, original);
      for (const [path, bytes] of copies) if (bytes) await writeFile(path, bytes);
    }
  });
  await desktop.ctx.close();
}
