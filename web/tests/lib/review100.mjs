// The coach's review of a recorded 100-ply game of four players
// (web/tests/data/review-4p.txt: 100 moves of four computer players at
// Easy, seeded), as a player starts it: the game saved, loaded again, its
// pause menu's Review clicked. A measurement, not a check of speed: the web
// bench (`bench.mjs`) times it side by side for two builds.

import { readFileSync } from 'node:fs';

/// Reviews the fixture's 100 plies on `game` (a `GamePage` of a fresh
/// context at 1280×720); the completed `review` event. Throws when the
/// review is not whole: a ply without a verdict, an answer of the worker
/// refused, or a search on the main thread.
export async function reviewHundredPlies(game) {
  const moves = readFileSync(new URL('../data/review-4p.txt', import.meta.url), 'utf8')
    .split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const need = (ok, what) => {
    if (!ok) throw new Error(what);
  };
  need(moves.length === 100, `100 moves in the fixture, got ${moves.length}`);
  // A four-player game here first, for its saved set-up and limits.
  await game.open('&new&players=4&seats=easy,easy,easy,easy&seed=5');
  await game.next('move', (e) => e.ply >= 1, 60_000);
  const saved = JSON.parse(await game.page.evaluate(() => localStorage.getItem('arkes/autosave.json')));
  need(saved && saved.game && Array.isArray(saved.game.plies), 'the autosave of the game');
  saved.seats = saved.seats.map((seat) => ({ ...seat, player: 'human' }));
  const ply = saved.game.plies[0];
  need(ply && ply.ply === 'move', `a ply of the autosave: ${JSON.stringify(ply)}`);
  saved.game.plies = moves.map((move) => ({ ...ply, move, ms: 0 }));
  delete saved.hints;
  // Written before the game starts on the next load (the running one
  // saves after each of its moves).
  await game.page.addInitScript((text) => {
    if (!sessionStorage.getItem('arkes-review-fixture')) {
      localStorage.setItem('arkes/autosave.json', text);
      sessionStorage.setItem('arkes-review-fixture', 'written');
    }
  }, JSON.stringify(saved));
  // Loaded again, the page resumes its saved game: the fixture's.
  await game.open('');
  await game.page.waitForTimeout(1000);
  await game.page.keyboard.press('Escape');
  const paused = await game.next('screen', (e) => e.overlay === 'paused' && e.buttons && e.buttons['review-game']);
  await game.click(paused.buttons['review-game']);
  const review = await game.next('review', (e) => e.complete, 300_000);
  need(review.total === 100 && review.plies.length === 100, `a verdict per ply of 100: ${review.total}`);
  need(review.errors.length === 0, `the worker's reviews were all accepted: ${review.errors}`);
  need(review.main_thread_searches === 0, `no review search ran on the main thread (${review.main_thread_searches})`);
  return review;
}
