// The browser test's harness: the checks and steps with the shared tally of
// problems and passed checks, the page of the game and its automation
// events, and the browsers and contexts the suites run in.

import { join } from 'node:path';
import { decodePng, isSouth, isWood, MIN_SOUTH, MIN_WOOD } from './png.mjs';

export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// SwiftShader renders a frame in a few hundred milliseconds: wait for the
// app's messages, with generous limits.
export const BOOT_TIMEOUT = 240_000;
export const EVENT_TIMEOUT = 120_000;

// ---------------------------------------------------------------- checks
/// Every problem seen (console errors, stray requests, the error that ended
/// the run): the test fails when there is any. Shared by every module, filled
/// in place.
export const problems = [];
let passed = 0;
export function check(ok, what) {
  if (!ok) throw new Error(what);
  passed += 1;
}
export async function step(name, body) {
  const started = Date.now();
  await body();
  console.log(`web: ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
/// The number of checks passed so far.
export function passedChecks() {
  return passed;
}
/// Each screenshot's contrast and shares, written to report.json.
export const shotReport = {};

/// A page of the game and the automation events it has logged; `site`
/// holds the site's `origin` and the `shotsDir` its screenshots go to.
export class GamePage {
  constructor(page, label, site) {
    this.page = page;
    this.site = site;
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
    await this.page.goto(`${this.site.origin}/?automation${query}`);
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
    const path = join(this.site.shotsDir, `${name}.png`);
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

export const cell = (view, name) => {
  const p = view.cells[name];
  if (!p) throw new Error(`no screen position for ${name}`);
  return p;
};

// ------------------------------------------------------------- browsers
export const CHROMIUM_FLAGS = [
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
/// `launch(extra)` for playwright-core's `chromium`: a headless Chromium with
/// the flags above after the `extra` ones.
export const launcher = (chromium) => (extra = []) =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [...extra, ...CHROMIUM_FLAGS],
  });

/// The `context(options, label, on, allowed)` of a run whose site is at
/// `origin`, whose screenshots go to `shotsDir` and whose pages open in
/// `browser` unless `on` names another.
export function contexts({ origin, shotsDir, browser }) {
  /// A fresh browser context (its own localStorage) watching every request:
  /// only the site's origin, and the signalling server for online pages
  /// (`allowed`).
  return async function context(options, label, on = browser, allowed = []) {
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
    return { ctx, game: new GamePage(await ctx.newPage(), label, { origin, shotsDir }) };
  };
}

export async function canvasSize(page) {
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
