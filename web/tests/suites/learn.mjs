// Learn by playing: a lesson by touch, a puzzle by mouse.

import { cell, check, EVENT_TIMEOUT, step } from '../lib/harness.mjs';

export async function learnSuite({ context }) {
  // Learn by playing: a lesson's steps by touch, then a puzzle by mouse.
  /// The last board view (`ready` or `view`) with `cells` cells: the
  /// lesson's or puzzle's board once it replaced the start's.
  const boardOf = async (t, cells) => {
    const deadline = Date.now() + EVENT_TIMEOUT;
    for (;;) {
      const view = t.events.filter((e) => (e.event === 'ready' || e.event === 'view') && e.cells).pop();
      if (view && Object.keys(view.cells).length === cells) return view;
      check(Date.now() < deadline, `a board of ${cells} cells in view`);
      if (Date.now() > deadline) return view;
      await t.page.waitForTimeout(200);
    }
  };
  /// The cells a move's notation leaves and reaches (`Md1-c2`, `2c2-c3`, `d3xd4`).
  const cellsOf = (notation) => {
    const [from, to] = notation.split(/[-x]/);
    return [from.replace(/^[0-9M]+/, ''), to];
  };
  /// An event `name` already logged (the lesson's comes before `ready`),
  /// or the next one.
  const seenOrNext = async (t, name, test = () => true) =>
    t.events.find((e) => e.event === name && test(e)) ?? t.next(name, test);
  const learnTouch = await context({ viewport: { width: 900, height: 640 }, hasTouch: true, isMobile: true }, 'learn-touch');
  await step('?learn=arkes opens the first lesson; its steps played by taps, the replies scripted', async () => {
    const t = learnTouch.game;
    await t.open('&learn=arkes&lang=fr');
    let lesson = await seenOrNext(t, 'lesson');
    check(lesson.lesson === 1 && lesson.step === 1, `the first lesson's first step: ${JSON.stringify(lesson)}`);
    for (;;) {
      const view = await boardOf(t, 25);
      const [from, to] = cellsOf(lesson.accepts[0]);
      await t.tap(cell(view, from));
      await t.next('selection', (e) => e.cell === from);
      await t.tap(cell(view, to));
      const move = await t.next('move');
      check(move.notation === lesson.accepts[0], `taps on ${from}, ${to} played ${move.notation}`);
      // The next step, or the end of the lesson.
      const step = lesson.step;
      const deadline = Date.now() + EVENT_TIMEOUT;
      let next = null;
      while (!next && Date.now() < deadline) {
        next = t.events.find((e) => e.event === 'lesson-complete' || (e.event === 'lesson' && e.step > step));
        if (!next) await t.page.waitForTimeout(100);
      }
      check(next !== null, `after step ${step}, the next step or the lesson's end`);
      if (!next || next.event === 'lesson-complete') break;
      lesson = next;
    }
    const complete = t.events.find((e) => e.event === 'lesson-complete');
    check(complete && complete.stars === 3, `the lesson done with 3 stars: ${JSON.stringify(complete)}`);
    await t.screenshot('learn-lesson-done');
  });
  await learnTouch.ctx.close();
  const learnMouse = await context({ viewport: { width: 1280, height: 720 } }, 'learn-mouse');
  await step('from the Learn screen, a puzzle solved by mouse after the hint', async () => {
    const p = learnMouse.game;
    await p.open('&learn=arkes');
    await seenOrNext(p, 'lesson');
    const panel = await seenOrNext(p, 'screen', (e) => e.buttons && e.buttons['learn-list']);
    await p.click(panel.buttons['learn-list']);
    const list = await p.next('screen', (e) => e.screen === 'learn' && e.buttons && e.buttons['puzzle 1']);
    await p.click(list.buttons['puzzle 1']);
    const puzzle = await p.next('puzzle');
    check(puzzle.puzzle === 1 && puzzle.accepts.length === 1, `puzzle 1 asks for one move: ${JSON.stringify(puzzle)}`);
    const view = await boardOf(p, 81);
    // The hint's arrow shows the move; the mouse plays it.
    const [from, to] = cellsOf(puzzle.accepts[0]);
    const hint = await p.next('screen', (e) => e.buttons && e.buttons['learn-hint']);
    await p.click(hint.buttons['learn-hint']);
    const marks = await p.next('coach-marks', (e) => e.marks && e.marks.some((m) => m.kind === 'hint'));
    const shown = marks.marks.find((m) => m.kind === 'hint');
    check(shown.from === from && shown.to === to, `the hint shows ${from}-${to}: ${JSON.stringify(shown)}`);
    await p.click(cell(view, from));
    await p.next('selection', (e) => e.cell === from);
    await p.click(cell(view, to));
    const solved = await p.next('puzzle-solved');
    check(solved.stars === 2, `solved with the hint: 2 stars (${JSON.stringify(solved)})`);
    await p.screenshot('learn-puzzle-solved');
  });
  await learnMouse.ctx.close();
}
