// Touch: taps on a phone-sized page, then at device pixel ratios 1.5, 2 and 3.

import { canvasSize, cell, check, step } from '../lib/harness.mjs';
import { isGold } from '../lib/png.mjs';

export async function touchSuite({ context, launch, browsers }) {
  // Touch: one tap selects, one tap moves.
  const touch = await context({ viewport: { width: 900, height: 640 }, hasTouch: true, isMobile: true }, 'touch');
  await step('with touch, one tap on b1 selects it and one tap on b2 moves it', async () => {
    const t = touch.game;
    const ready = await t.open('&new');
    await t.tap(cell(ready, 'b1'));
    const selected = await t.next('selection', (e) => e.cell === 'b1');
    check(selected.destinations.includes('b2'), `b2 is a destination: ${selected.destinations}`);
    await t.tap(cell(ready, 'b2'));
    const move = await t.next('move');
    check(move.notation === 'b1-b2', `a tap on b2 played ${move.notation}`);
    // Pass-and-play: the board turns to face North, whose rank 9 is now
    // at the bottom of the screen.
    const turned = await t.next('view', (e) => e.to_move === 'north');
    check(turned.cells.e9[1] > turned.cells.e1[1], 'the board turned to face North');
    await t.screenshot('touch-after-b1-b2');
  });
  await touch.ctx.close();

  // Device pixel ratios: taps land on the cell under the finger. Each ratio
  // gets a browser started with it (--force-device-scale-factor), as a
  // phone's browser is: Playwright's emulated `deviceScaleFactor` does not
  // scale ResizeObserver's device-pixel sizes, which winit reads, so under
  // emulation every canvas renders at one pixel per CSS pixel (a known
  // emulation artefact: winit's maintainers, Bevy issue #25306).
  for (const [dpr, width, height] of [[1.5, 800, 600], [2, 640, 520], [3, 480, 420]]) {
    const scaled = await launch([`--force-device-scale-factor=${dpr}`, `--window-size=${width},${height}`]);
    browsers.push(scaled);
    const phone = await context({ viewport: null, hasTouch: true }, `dpr${dpr}`, scaled);
    await step(`at a device pixel ratio of ${dpr}, taps on a1, i9 and e5 resolve to those cells`, async () => {
      const p = phone.game;
      const ready = await p.open('&new&no-auto-rotate');
      const size = await canvasSize(p.page);
      check(size.dpr === dpr, `the page has a device pixel ratio of ${size.dpr}`);
      check(ready.window.scale === dpr, `the game sees a scale factor of ${ready.window.scale}`);
      check(
        Math.abs(ready.window.width - size.viewport[0]) < 1 && Math.abs(ready.window.height - size.viewport[1]) < 1,
        `the game's window is ${ready.window.width}x${ready.window.height} in a ${size.viewport} viewport`,
      );
      check(size.css[0] === size.viewport[0] && size.css[1] === size.viewport[1], `canvas ${size.css} in ${size.viewport}`);
      check(
        Math.abs(size.pixels[0] - size.css[0] * dpr) <= 1 && Math.abs(size.pixels[1] - size.css[1] * dpr) <= 1,
        `canvas buffer ${size.pixels} for ${size.css} CSS pixels at DPR ${dpr}`,
      );
      for (const name of ['a1', 'i9', 'e5']) {
        await p.tap(cell(ready, name));
        const pick = await p.next('pick');
        check(pick.cell === name, `a tap on ${name} resolved to ${pick.cell}`);
      }
      const shot = await p.screenshot(`dpr${dpr}`);
      const [x, y] = cell(ready, 'e5');
      const gold = shot.mean(Math.round(x * dpr), Math.round(y * dpr));
      check(isGold(gold), `the golden cell is not gold at DPR ${dpr}: ${gold.map(Math.round)}`);
    });
    await phone.ctx.close();
  }
}
