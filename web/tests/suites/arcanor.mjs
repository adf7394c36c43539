// Arcanor, with the mouse and by touch: whole duos, top pieces alone, an eat.

import { cell, check, step } from '../lib/harness.mjs';

export async function arcanorSuite({ context }) {
  // Arcanor (`?game=arcanor`): a duo moves whole on the first click, its top
  // piece alone on the second; a lone piece eats the next size down.
  const arcanor = await context({ viewport: { width: 1280, height: 720 } }, 'arcanor');
  await step('Arcanor with the mouse: a whole duo, a top piece alone, then an eat', async () => {
    const p = arcanor.game;
    let view = await p.open('&game=arcanor&no-auto-rotate');
    check(view.game === 'arcanor', `the game is ${view.game}`);
    await p.overlayGone();
    const shot = await p.screenshot('arcanor-start');
    check(shot.contrast() > 12, `the Arcanor screenshot looks blank (contrast ${shot.contrast().toFixed(1)})`);
    // Plays one move by clicks on `cells` (a cell twice picks a duo's top
    // piece alone) and checks the selection and the notation.
    const play = async (cells, notation, whole) => {
      const [from, ...rest] = cells;
      await p.click(cell(view, from));
      let selected = await p.next('selection', (e) => e.cell === from);
      if (rest.length > 1) {
        await p.click(cell(view, rest.shift()));
        selected = await p.next('selection', (e) => e.cell === from && e.whole === false);
      }
      check(selected.whole === whole, `${cells}: the selection is ${JSON.stringify(selected)}`);
      const to = rest[0];
      // The cell's centre, even under a piece: a person clicks the piece
      // standing there, or the cell, and both pick it.
      await p.click(cell(view, to));
      const move = await p.next('move');
      check(move.notation === notation, `clicks on ${cells.join(', ')} played ${move.notation}, not ${notation}`);
      view = await p.next('view', (e) => e.position === move.position);
      return move;
    };
    const alone = await play(['d1', 'd1', 'd2'], '1d1-d2', false);
    check(alone.freed === 'S2', `the top piece leaving alone frees the inner 2: ${JSON.stringify(alone)}`);
    check(alone.whole === false, `a top piece alone is not a whole duo: ${JSON.stringify(alone)}`);
    await play(['c7', 'c7', 'c6'], '3c7-c6', false);
    await play(['d1', 'c2'], '2d1-c2', false);
    await play(['c6', 'c5'], '3c6-c5', false);
    await play(['c2', 'c3'], '2c2-c3', false);
    await play(['c5', 'c4'], '3c5-c4', false);
    const eat = await play(['c3', 'c4'], '2c3xc4', false);
    check(eat.eaten === 'N3', `the move reports North's 3 eaten: ${JSON.stringify(eat)}`);
    check(eat.position.includes('4 .    .    N3S2'), `position after the eat:\n${eat.position}`);
    await p.screenshot('arcanor-after-eat');
    // A whole duo by mouse: one click on North's duo on e7 takes it whole.
    const whole = await play(['e7', 'e6'], '34e7-e6', true);
    check(whole.whole === true && whole.freed === null, `the whole duo moved: ${JSON.stringify(whole)}`);
    check(whole.position.includes('6 .    .    .    .    N4N3'), `position after the whole duo:\n${whole.position}`);
    await p.screenshot('arcanor-whole-duo');
  });
  await arcanor.ctx.close();
  const arcanorTouch = await context(
    { viewport: { width: 900, height: 640 }, hasTouch: true, isMobile: true },
    'arcanor-touch',
  );
  await step('Arcanor with touch: a tap picks a duo whole, a second tap its top piece', async () => {
    const t = arcanorTouch.game;
    let view = await t.open('&game=arcanor');
    await t.tap(cell(view, 'b1'));
    let selected = await t.next('selection', (e) => e.cell === 'b1');
    check(selected.whole === true, `the first tap picks the whole duo: ${JSON.stringify(selected)}`);
    await t.tap(cell(view, 'b2'));
    let move = await t.next('move');
    check(move.notation === '12b1-b2', `taps on b1, b2 played ${move.notation}`);
    view = await t.next('view', (e) => e.to_move === 'north');
    await t.tap(cell(view, 'c7'));
    await t.next('selection', (e) => e.cell === 'c7' && e.whole === true);
    await t.tap(cell(view, 'c7'));
    selected = await t.next('selection', (e) => e.cell === 'c7');
    check(selected.whole === false, `the second tap picks the top piece alone: ${JSON.stringify(selected)}`);
    await t.tap(cell(view, 'c6'));
    move = await t.next('move');
    check(move.notation === '3c7-c6', `taps on c7, c7, c6 played ${move.notation}`);
    await t.screenshot('arcanor-touch');
  });
  await arcanorTouch.ctx.close();
}
