// Online: two pages through the signalling server, a native peer playing a
// whole game against a page while a third page watches, and a peer sending
// garbage.

import { spawn } from 'node:child_process';
import { BOOT_TIMEOUT, cell, check, step } from '../lib/harness.mjs';

export async function onlineSuite({ context, launch, browsers, report }) {
  // ------------------------------------------------------------ online
  // Pages meet through a real matchbox_server (SIGNAL_URL, started by the
  // xtask on a free port); the native peer is the `online_peer` example.
  const SIGNAL_URL = process.env.SIGNAL_URL;
  const NATIVE_PEER = process.env.NATIVE_PEER;
  check(SIGNAL_URL && NATIVE_PEER, 'SIGNAL_URL and NATIVE_PEER must be set (cargo xtask web --test sets them)');
  const signal = `&signal=${encodeURIComponent(SIGNAL_URL)}`;
  // Chromium hides host candidates behind mDNS names, which nothing
  // resolves here: a browser of its own for the online pages.
  const onlineBrowser = await launch(['--disable-features=WebRtcHideLocalIpsWithMdns']);
  browsers.push(onlineBrowser);
  const onlineContext = (label) =>
    context({ viewport: { width: 960, height: 640 } }, label, onlineBrowser, [SIGNAL_URL]);
  /// Opens a page; the `online` event may come before `ready`, so the
  /// events are read again from the page's start.
  const openOnline = async (page, query) => {
    const mark = page.events.length;
    const ready = await page.open(query);
    await page.overlayGone();
    page.cursor = mark;
    return ready;
  };
  /// A native peer; its JSON lines gathered in `lines`.
  const nativePeer = (args) => {
    const child = spawn(NATIVE_PEER, ['--signal', SIGNAL_URL, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = [];
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        try {
          lines.push(JSON.parse(line));
        } catch {
          /* not an event */
        }
      }
    });
    const waitFor = async (test, timeout, what) => {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = lines.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`native peer: no ${what} within ${timeout / 1000} s; last: ${JSON.stringify(lines.slice(-3))}`);
        await new Promise((ok) => setTimeout(ok, 100));
      }
    };
    return { child, lines, waitFor };
  };
  await step('two pages play ARKES online; the guest reloads midway and the game resumes', async () => {
    const host = (await onlineContext('online-host')).game;
    const guest = (await onlineContext('online-guest')).game;
    // The host's key (the room's code is its fingerprint) must come from
    // the browser's cryptographic source, not Math.random.
    await host.page.addInitScript(() => {
      const draw = crypto.getRandomValues.bind(crypto);
      window.arkesRandomDraws = 0;
      crypto.getRandomValues = (array) => {
        window.arkesRandomDraws += 1;
        return draw(array);
      };
    });
    let hview = await openOnline(host, `&new&seats=human,remote${signal}`);
    const hosting = await host.next('online', (e) => e.state === 'hosting');
    check(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(hosting.room), `a room code: ${hosting.room}`);
    const draws = await host.page.evaluate(() => window.arkesRandomDraws);
    check(draws > 0, `the host's key drawn from crypto.getRandomValues (${draws} draws)`);
    const joinStarted = Date.now();
    await openOnline(guest, `&room=${hosting.room}${signal}`);
    const guestIn = await guest.next('online', (e) => e.state === 'connected');
    await host.next('online', (e) => e.state === 'connected');
    report.onlineJoinMs = Date.now() - joinStarted;
    check(guestIn.seats.some((s) => s.seat === 'north' && s.mine), `the guest holds North: ${JSON.stringify(guestIn.seats)}`);
    // South (the host's screen) plays by mouse; the guest's board follows.
    await host.click(cell(hview, 'd1'));
    await host.next('selection', (e) => e.cell === 'd1');
    await host.click(cell(hview, 'd2'));
    const first = await host.next('move');
    check(first.notation === 'd1-d2', `host: expected d1-d2, got ${first.notation}`);
    const seen = await guest.next('move');
    check(seen.notation === 'd1-d2' && seen.position === first.position, `the guest saw ${seen.notation}`);
    // North (the guest's screen) plays by mouse; the host's board follows.
    let gview = await guest.next('view', (e) => e.to_move === 'north');
    await guest.click(cell(gview, 'c9'));
    await guest.next('selection', (e) => e.cell === 'c9');
    await guest.click(cell(gview, 'c8'));
    const reply = await guest.next('move');
    check(reply.notation === 'c9-c8', `guest: expected c9-c8, got ${reply.notation}`);
    const heard = await host.next('move');
    check(heard.notation === 'c9-c8' && heard.position === reply.position, `the host saw ${heard.notation}`);
    await host.screenshot('online-host');
    // The guest reloads: it rejoins with its kept key, gets North back and
    // the game where it was.
    const mark = guest.events.length;
    guest.cursor = mark;
    await guest.page.reload();
    await guest.next('ready', () => true, BOOT_TIMEOUT);
    guest.cursor = mark;
    const back = await guest.next('online', (e) => e.state === 'connected');
    check(back.seats.some((s) => s.seat === 'north' && s.mine), 'the reloaded guest holds North again');
    hview = await host.next('view', (e) => e.to_move === 'south');
    await host.click(cell(hview, 'f1'));
    await host.next('selection', (e) => e.cell === 'f1');
    await host.click(cell(hview, 'f2'));
    const third = await host.next('move');
    const resumed = await guest.next('move');
    check(resumed.notation === third.notation && resumed.position === third.position,
      `after the reload the guest follows the game: ${resumed.notation} vs ${third.notation}`);
    gview = await guest.next('view', (e) => e.to_move === 'north');
    await guest.screenshot('online-guest-after-reload');
    await host.page.context().close();
    await guest.page.context().close();
  });
  await step('a native peer plays a whole game of Arcanor against a page (the page\'s seat the computer) while another page watches', async () => {
    const page = (await onlineContext('online-page')).game;
    const watcher = (await onlineContext('online-watcher')).game;
    await openOnline(page, `&new&game=arcanor&seats=easy,remote${signal}`);
    const hosting = await page.next('online', (e) => e.state === 'hosting');
    const native = nativePeer(['--join', hosting.room, '--seed', '4', '--seconds', '500']);
    try {
      await page.next('online', (e) => e.state === 'connected');
      // A third page joins the full room: it watches.
      await openOnline(watcher, `&room=${hosting.room}${signal}`);
      const watching = await watcher.next('online', (e) => e.state === 'connected', 120_000);
      check(watching.watching === true && !watching.seats.some((s) => s.mine), `the third page watches: ${JSON.stringify(watching)}`);
      await page.next('online', (e) => e.watchers === 1, 60_000);
      const outcome = await page.next('outcome', () => true, 480_000);
      const nativeEnd = await native.waitFor((l) => l.peer === 'outcome', 30_000, 'outcome');
      const moves = page.events.filter((e) => e.event === 'move');
      check(nativeEnd.plies === moves.length, `the page played ${moves.length} plies, the native peer saw ${nativeEnd.plies}`);
      const last = native.lines.filter((l) => l.peer === 'move').pop();
      check(last.mv === moves[moves.length - 1].notation, `the last ply: ${last.mv} vs ${moves[moves.length - 1].notation}`);
      report.nativeAgainstPage = { plies: moves.length, outcome: outcome.reason ?? outcome.winner ?? null };
      await page.screenshot('online-native-end');
      // The watcher followed every move to the same end, and played none.
      await watcher.next('outcome', () => true, 60_000);
      const seen = watcher.events.filter((e) => e.event === 'move');
      const lastSeen = seen[seen.length - 1];
      check(lastSeen && lastSeen.position === moves[moves.length - 1].position,
        `the watcher's last position is the game's (${seen.length} moves seen)`);
      check(seen.every((e) => e.notation), 'the watcher saw only moves of the game');
      report.watcherMoves = seen.length;
      await watcher.screenshot('online-watcher-end');
    } finally {
      native.child.kill();
      await page.page.context().close();
      await watcher.page.context().close();
    }
  });
  await step('a peer sending garbage and forbidden moves changes nothing on the page', async () => {
    const page = (await onlineContext('online-victim')).game;
    const start = await openOnline(page, `&new&seats=human,remote${signal}`);
    const hosting = await page.next('online', (e) => e.state === 'hosting');
    const cheat = nativePeer(['--join', hosting.room, '--garbage', '--seconds', '60']);
    try {
      await cheat.waitFor((l) => l.peer === 'garbage-sent', 60_000, 'garbage sent');
      await page.page.waitForTimeout(2000);
      const rejected = page.events.filter((e) => e.event === 'online' && e.state === 'rejected');
      check(rejected.length >= 5, `five messages refused, got ${rejected.length}: ${rejected.map((e) => e.reason).join(' | ')}`);
      check(!page.events.some((e) => e.event === 'move'), 'no move was played');
      const view = page.events.filter((e) => (e.event === 'ready' || e.event === 'view') && e.position).pop();
      check(view.position === start.position, 'the position is the start');
      await page.screenshot('online-refused');
    } finally {
      cheat.child.kill();
      await page.page.context().close();
    }
  });
}
