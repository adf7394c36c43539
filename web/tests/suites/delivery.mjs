// The site as a player's browser meets it over a real link: what the
// project's server sends (compressed, with cache headers), the bytes a
// first and a second visit transfer, and how soon the board is drawn over
// Chromium's emulated 20 Mbit/s link with 40 ms of latency, at Low and
// High.

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { check, step } from '../lib/harness.mjs';

/// The emulated link: 20 Mbit/s down, 5 up, 40 ms of latency.
const LINK = { offline: false, latency: 40, downloadThroughput: 20e6 / 8, uploadThroughput: 5e6 / 8 };
/// The most a first visit may transfer, in bytes.
const FIRST_VISIT_BYTES = 10e6;
// How soon the board is drawn is reported, not checked: a speed target
// (8 s at Low) is judged by measuring, not by a test that a slower machine
// fails.

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/// The site's description in its page (`window.arkesSite`, written by the
/// build): the modules' names and the game wasm's size.
async function siteOf(siteDir) {
  const page = await readFile(join(siteDir, 'index.html'), 'utf8');
  const json = /window\.arkesSite = (\{.*\});/.exec(page)?.[1];
  check(json, 'index.html names the site\'s modules (window.arkesSite)');
  return JSON.parse(json);
}

/// The responses logged by the server since `mark`, and their bytes.
function transferred(log, mark) {
  const responses = log.slice(mark);
  return { responses, bytes: responses.reduce((sum, r) => sum + (r.bytes ?? 0), 0) };
}

/// Waits until the page's service worker controls it and has cached the
/// game's wasm (its install downloads what the page did not).
async function serviceWorkerCached(page) {
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 1200; i += 1) {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const all = await Promise.all(
          [window.arkesSite.wasm, window.arkesSite.worker].map((f) => cache.match(f)),
        );
        if (all.every(Boolean)) return true;
      }
      await new Promise((ok) => setTimeout(ok, 100));
    }
    return false;
  });
}

export async function deliverySuite({ context, report, siteDir, origin, serverLog }) {
  const site = await siteOf(siteDir);
  const wasmPath = site.wasm.replace(/^\.\//, '/');
  report.delivery = {};
  await step('the server sends the wasm as brotli or gzip, typed, kept a year; the page revalidated', async () => {
    const raw = (await stat(join(siteDir, wasmPath))).size;
    check(raw === site.wasmBytes, `the page's wasm size ${site.wasmBytes} is the file's ${raw}`);
    for (const [accept, encoding, suffix] of [['gzip, deflate, br', 'br', '.br'], ['gzip', 'gzip', '.gz'], ['identity', null, '']]) {
      const response = await fetch(`${origin}${wasmPath}`, { method: 'HEAD', headers: { 'Accept-Encoding': accept } });
      const header = (name) => response.headers.get(name);
      check(response.status === 200, `HEAD ${wasmPath}: ${response.status}`);
      check(header('content-encoding') === encoding, `Accept-Encoding ${accept}: Content-Encoding ${header('content-encoding')}`);
      check(header('content-type') === 'application/wasm', `the wasm's type is ${header('content-type')}`);
      check(/immutable/.test(header('cache-control') ?? ''), `the wasm's Cache-Control is ${header('cache-control')}`);
      const size = (await stat(join(siteDir, `${wasmPath}${suffix}`))).size;
      check(Number(header('content-length')) === size, `${accept}: ${header('content-length')} bytes, the file${suffix} has ${size}`);
      report.delivery[encoding ?? 'identity'] = size;
    }
    const page = await fetch(`${origin}/`, { headers: { 'Accept-Encoding': 'br' } });
    check(page.headers.get('cache-control') === 'no-cache', `the page's Cache-Control is ${page.headers.get('cache-control')}`);
    check(page.headers.get('etag'), 'the page has an ETag to revalidate with');
    console.log(
      `web: the game's wasm is ${mb(site.wasmBytes)}, sent as ${mb(report.delivery.br)} of brotli ` +
        `(gzip alone would be ${mb(report.delivery.gzip)})`,
    );
  });
  for (const quality of ['low', 'high']) {
    await step(`a first visit at ${quality} over 20 Mbit/s and 40 ms: its bytes and the board's time; a second visit`, async () => {
      // A fresh context: an empty HTTP cache and no service worker.
      const visit = await context({ viewport: { width: 1280, height: 720 } }, `delivery-${quality}`);
      const p = visit.game;
      const cdp = await visit.ctx.newCDPSession(p.page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', LINK);
      const query = `&new&players=4&no-auto-rotate&quality=${quality}`;
      let mark = serverLog.length;
      const ready = await p.open(query);
      check(ready.quality === quality, `?quality=${quality} gave ${ready.quality}`);
      const boardMs = await p.page.evaluate(() => window.arkesFirstFrameMs ?? null);
      const downloadedMs = await p.page.evaluate(() => window.arkesDownloadedMs ?? null);
      check(await serviceWorkerCached(p.page), 'the service worker cached the site after the first visit');
      await p.page.waitForTimeout(1000);
      const first = transferred(serverLog, mark);
      const wasmSent = first.responses.filter((r) => r.path === wasmPath && r.status === 200);
      check(wasmSent.length === 1, `the game's wasm was downloaded once, not ${wasmSent.length} times: ${JSON.stringify(wasmSent)}`);
      check(wasmSent[0].encoding === 'br', `the game's wasm came as ${wasmSent[0].encoding}`);
      check(first.bytes <= FIRST_VISIT_BYTES, `a first visit transferred ${mb(first.bytes)} (at most ${mb(FIRST_VISIT_BYTES)})`);

      mark = serverLog.length;
      const again = await p.open(query);
      check(again.quality === quality, `second visit: ?quality=${quality} gave ${again.quality}`);
      const againMs = await p.page.evaluate(() => window.arkesFirstFrameMs ?? null);
      await p.page.waitForTimeout(1000);
      const second = transferred(serverLog, mark);
      const wasmAgain = second.responses.filter((r) => r.path.endsWith('.wasm'));
      check(wasmAgain.length === 0, `a second visit transferred no wasm: ${JSON.stringify(wasmAgain)}`);
      report.delivery[quality] = {
        boardMs, downloadedMs, firstVisitBytes: first.bytes, firstVisitRequests: first.responses.length,
        secondVisitMs: againMs, secondVisitBytes: second.bytes, secondVisitRequests: second.responses.length,
      };
      console.log(
        `web: ${quality}, first visit over 20 Mbit/s and 40 ms: board drawn ${(boardMs / 1000).toFixed(1)} s after ` +
          `navigation (wasm downloaded at ${(downloadedMs / 1000).toFixed(1)} s), ${mb(first.bytes)} in ` +
          `${first.responses.length} responses (${first.responses.map((r) => `${r.path} ${r.status} ${r.encoding ?? '-'} ${r.bytes ?? 0}`).join(', ')}); ` +
          `second visit: board ${(againMs / 1000).toFixed(1)} s, ${second.bytes} bytes in ${second.responses.length} responses ` +
          `(${second.responses.map((r) => `${r.path} ${r.status}`).join(', ')})`,
      );
      await visit.ctx.close();
    });
  }
}
