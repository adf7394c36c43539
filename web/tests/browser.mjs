// The browser test of ARKES: drives the built site (`cargo xtask web`) in
// Debian's Chromium through playwright-core. Run by `cargo xtask test`:
//
//   PLAYWRIGHT_CORE=<.../playwright-core/index.mjs> node web/tests/browser.mjs SITE_DIR SHOTS_DIR
//
// The game runs in automation mode (`?automation`): it logs the same JSON
// lines as the native game to the console (ready/view with the screen
// position of every cell in CSS pixels, pick, selection, move, outcome).
// Every check failing throws; the exit status is 0 only when all pass.

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';

const { chromium } = await import(process.env.PLAYWRIGHT_CORE ?? 'playwright-core');
const [siteDir, shotsDir] = process.argv.slice(2).map((p) => resolve(p));
if (!siteDir || !shotsDir) {
  console.error('usage: node browser.mjs SITE_DIR SHOTS_DIR');
  process.exit(64);
}
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// SwiftShader renders a frame in a few hundred milliseconds: wait for the
// app's messages, with generous limits.
const BOOT_TIMEOUT = 240_000;
const EVENT_TIMEOUT = 120_000;

// ---------------------------------------------------------------- server
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.ogg': 'audio/ogg',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
  const file = normalize(join(siteDir, path === '/' ? 'index.html' : path));
  try {
    if (!file.startsWith(siteDir)) throw new Error('outside the site');
    const body = await readFile(file);
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end('not found');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

// ---------------------------------------------------------------- checks
const problems = [];
let passed = 0;
function check(ok, what) {
  if (!ok) throw new Error(what);
  passed += 1;
}
async function step(name, body) {
  const started = Date.now();
  await body();
  console.log(`web: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/// A page of the game and the automation events it has logged.
class GamePage {
  constructor(page, label) {
    this.page = page;
    this.label = label;
    this.events = [];
    this.cursor = 0;
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('{')) {
        try {
          const event = JSON.parse(text);
          this.events.push(event);
          if (event.event === 'missing-translation') {
            problems.push(`${label}: a text with no translation: ${event.key}`);
          }
        } catch {
          /* not an event */
        }
      } else if (message.type() === 'error') {
        problems.push(`${label}: console error: ${text}`);
      } else if (text.includes('loaded in')) {
        // The game's loading step: its time from the app's start, pipelines.
        const from = text.slice(text.indexOf('loaded in'));
        this.loaded = from.slice(0, from.indexOf(')') + 1);
      }
    });
    page.on('pageerror', (error) => {
      // winit leaves its event loop by throwing on purpose.
      if (!String(error).includes('Using exceptions for control flow')) {
        problems.push(`${label}: uncaught ${error}`);
      }
    });
  }

  /// Loads the game; `query` is the URL query (automation is always on).
  async open(query) {
    this.cursor = this.events.length;
    await this.page.goto(`${origin}/?automation${query}`);
    return this.next('ready', () => true, BOOT_TIMEOUT);
  }

  /// The next event `name` (after the last one returned) matching `test`.
  async next(name, test = () => true, timeout = EVENT_TIMEOUT) {
    const deadline = Date.now() + timeout;
    for (;;) {
      for (let i = this.cursor; i < this.events.length; i += 1) {
        const event = this.events[i];
        if (event.event === name && test(event)) {
          this.cursor = i + 1;
          return event;
        }
      }
      if (Date.now() > deadline) {
        const seen = this.events.slice(-5).map((e) => JSON.stringify(e).slice(0, 160));
        throw new Error(`${this.label}: no \`${name}\` event within ${timeout / 1000} s; last events:\n${seen.join('\n')}`);
      }
      await this.page.waitForTimeout(100);
    }
  }

  /// A click with the mouse, with pauses (the game draws a few frames a second).
  async click([x, y]) {
    const mouse = this.page.mouse;
    await mouse.move(x, y);
    await this.page.waitForTimeout(400);
    await mouse.down();
    await this.page.waitForTimeout(300);
    await mouse.up();
  }

  /// Waits until the loading overlay has faded out (the game has drawn).
  async overlayGone() {
    await this.page.waitForFunction(
      () => getComputedStyle(document.getElementById('overlay')).opacity === '0',
      null,
      { timeout: 10_000 },
    );
  }

  async tap([x, y]) {
    await this.page.touchscreen.tap(x, y);
  }

  /// Saves a screenshot and checks it shows a real render of the game: not
  /// blank (contrast), the board's wood and South's pieces in view.
  async screenshot(name) {
    const path = join(shotsDir, `${name}.png`);
    const png = await this.page.screenshot({ path });
    const shot = decodePng(png);
    const contrast = shot.contrast();
    const wood = shot.share(isWood);
    const south = shot.share(isSouth);
    shotReport[name] = { contrast: +contrast.toFixed(1), wood: +wood.toFixed(4), south: +south.toFixed(4) };
    check(contrast > 12, `${name}: the screenshot looks blank (contrast ${contrast.toFixed(1)})`);
    check(wood > MIN_WOOD, `${name}: too little of the board's wood in view (${(wood * 100).toFixed(2)} % of the pixels)`);
    check(south > MIN_SOUTH, `${name}: no South piece in view (${(south * 100).toFixed(2)} % of the pixels)`);
    return shot;
  }
}

// --------------------------------------------------------- PNG analysis
/// Decodes an 8-bit RGB or RGBA, non-interlaced PNG (Chromium's screenshots).
function decodePng(buffer) {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const chunk = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0);
      height = chunk.readUInt32BE(4);
      const [depth, colour, , , interlace] = chunk.subarray(8, 13);
      channels = { 2: 3, 6: 4 }[colour];
      if (depth !== 8 || !channels || interlace) throw new Error('unexpected PNG format');
    } else if (type === 'IDAT') {
      data.push(chunk);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    /// The mean colour of the (2r+1)² pixels around (x, y), in CSS pixels × scale.
    mean(x, y, r = 3) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let j = y - r; j <= y + r; j += 1) {
        for (let i = x - r; i <= x + r; i += 1) {
          if (i < 0 || j < 0 || i >= width || j >= height) continue;
          for (let k = 0; k < 3; k += 1) sum[k] += pixels[j * stride + i * channels + k];
          n += 1;
        }
      }
      return sum.map((s) => s / Math.max(n, 1));
    },
    /// The share of the pixels of a 160×90 grid whose colour passes `test`.
    share(test) {
      let n = 0;
      for (let j = 0; j < 90; j += 1) {
        for (let i = 0; i < 160; i += 1) {
          const p = (Math.floor(((j + 0.5) * height) / 90) * width + Math.floor(((i + 0.5) * width) / 160)) * channels;
          if (test([pixels[p], pixels[p + 1], pixels[p + 2]])) n += 1;
        }
      }
      return n / (160 * 90);
    },
    /// The share of the pixels of the rectangle (x, y, w, h) whose colour
    /// passes `test`.
    shareIn(x, y, w, h, test) {
      let n = 0;
      let all = 0;
      for (let j = Math.max(0, y); j < Math.min(height, y + h); j += 1) {
        for (let i = Math.max(0, x); i < Math.min(width, x + w); i += 1) {
          const p = (j * width + i) * channels;
          if (test([pixels[p], pixels[p + 1], pixels[p + 2]])) n += 1;
          all += 1;
        }
      }
      return n / Math.max(all, 1);
    },
    /// The standard deviation of the grey levels on a 40×40 grid.
    contrast() {
      const greys = [];
      for (let j = 0; j < 40; j += 1) {
        for (let i = 0; i < 40; i += 1) {
          const p = (Math.floor(((j + 0.5) * height) / 40) * width + Math.floor(((i + 0.5) * width) / 40)) * channels;
          greys.push((pixels[p] + pixels[p + 1] + pixels[p + 2]) / 3);
        }
      }
      const mean = greys.reduce((a, b) => a + b, 0) / greys.length;
      return Math.sqrt(greys.reduce((a, g) => a + (g - mean) ** 2, 0) / greys.length);
    },
  };
}

/// The board's lit wood (about [205, 155, 105]): green and blue in the
/// proportions of a warm brown (the gold cell and South's colour are more
/// saturated, the table and the sky darker or bluer).
function isWood([r, g, b]) {
  return r > 110 && g > 0.6 * r && g < 0.9 * r && b > 0.3 * r && b < 0.7 * r;
}

/// South's vermillion or red (both palettes): strongly saturated red-orange.
function isSouth([r, g, b]) {
  return r > 120 && g < 0.6 * r && b < 0.4 * r;
}

/// Shares of a screenshot's pixels below which the board or South's pieces
/// are not in view (every screenshot of this test shows the board).
/// Measured on this test's screenshots: wood 10–25 %, South 0.3–4 %; a
/// settings screen without the board: wood 0.07 %, South 0 %.
const MIN_WOOD = 0.05;
const MIN_SOUTH = 0.002;
/// Each screenshot's contrast and shares, written to report.json.
const shotReport = {};

/// Bright and strongly saturated towards orange-yellow (the board's wood is not).
function isGold([r, g, b]) {
  return r > 180 && g > 110 && g < r && b < g && (r - b) / r > 0.6;
}

const cell = (view, name) => {
  const p = view.cells[name];
  if (!p) throw new Error(`no screen position for ${name}`);
  return p;
};

// ---------------------------------------------------------------- tests
await mkdir(shotsDir, { recursive: true });
const launch = (extra = []) =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [...extra, ...CHROMIUM_FLAGS],
  });
const CHROMIUM_FLAGS = [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
    '--ignore-gpu-blocklist',
];
const browser = await launch();
const browsers = [browser];
const report = {};

/// A fresh browser context (its own localStorage) watching every request:
/// only the site's origin, and the signalling server for online pages
/// (`allowed`).
async function context(options, label, on = browser, allowed = []) {
  const ctx = await on.newContext(options);
  ctx.on('request', (request) => {
    const url = request.url();
    const ok = [`${origin}/`, 'data:', 'blob:', ...allowed].some((start) => url.startsWith(start));
    if (!ok) {
      problems.push(`${label}: request to another origin: ${url}`);
    }
  });
  ctx.on('requestfailed', (request) => problems.push(`${label}: request failed: ${request.url()}`));
  ctx.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${label}: ${response.status()} for ${response.url()}`);
  });
  return { ctx, game: new GamePage(await ctx.newPage(), label) };
}

async function canvasSize(page) {
  return page.evaluate(() => {
    const canvas = document.getElementById('bevy');
    return {
      css: [canvas.clientWidth, canvas.clientHeight],
      pixels: [canvas.width, canvas.height],
      viewport: [window.innerWidth, window.innerHeight],
      dpr: window.devicePixelRatio,
    };
  });
}

try {
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
          if (navigator.serviceWorker.controller && (await cache.match('./app_bg.wasm'))) return 'cached';
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
    }
  });
  await desktop.ctx.close();

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

  // Frame times of the 4-player start at each quality, and how soon the
  // board is drawn (the page's cover stays until the pipelines are ready).
  const frameRuns = await context({ viewport: { width: 1280, height: 720 } }, 'frames');
  await step('frame times of the 4-player start at High and Low', async () => {
    const p = frameRuns.game;
    report.quality = {};
    for (const quality of ['high', 'low']) {
      const ready = await p.open(`&new&players=4&no-auto-rotate&quality=${quality}&frames=60`);
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
    check(
      review.main_thread_max_ms < 50,
      `the review held the main thread at most ${review.main_thread_max_ms} ms in a frame (under 50 ms wanted)`,
    );
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
    let hview = await openOnline(host, `&new&seats=human,remote${signal}`);
    const hosting = await host.next('online', (e) => e.state === 'hosting');
    check(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(hosting.room), `a room code: ${hosting.room}`);
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
  await step('a native peer plays a whole game of Arcanor against a page (the page\'s seat the computer)', async () => {
    const page = (await onlineContext('online-page')).game;
    await openOnline(page, `&new&game=arcanor&seats=easy,remote${signal}`);
    const hosting = await page.next('online', (e) => e.state === 'hosting');
    const native = nativePeer(['--join', hosting.room, '--seed', '4', '--seconds', '500']);
    try {
      await page.next('online', (e) => e.state === 'connected');
      const outcome = await page.next('outcome', () => true, 480_000);
      const nativeEnd = await native.waitFor((l) => l.peer === 'outcome', 30_000, 'outcome');
      const moves = page.events.filter((e) => e.event === 'move');
      check(nativeEnd.plies === moves.length, `the page played ${moves.length} plies, the native peer saw ${nativeEnd.plies}`);
      const last = native.lines.filter((l) => l.peer === 'move').pop();
      check(last.mv === moves[moves.length - 1].notation, `the last ply: ${last.mv} vs ${moves[moves.length - 1].notation}`);
      report.nativeAgainstPage = { plies: moves.length, outcome: outcome.reason ?? outcome.winner ?? null };
      await page.screenshot('online-native-end');
    } finally {
      native.child.kill();
      await page.page.context().close();
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
console.log(`web: all ${passed} checks passed`);
