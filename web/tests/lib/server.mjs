// The browser test's web server: the project's own (`crates/site_server`,
// SITE_SERVER, built by the test build), serving the built site on a free
// port of 127.0.0.1 as a player's browser meets it: brotli or gzip by
// Accept-Encoding, content types, cache headers. Its log of every response
// tells what the browser downloaded.

import { spawn } from 'node:child_process';

/// Serves `siteDir`; resolves once listening to `{ server, origin, log }`:
/// `server.close()` stops it, `log` fills with one entry per response,
/// `{ at, method, path, status, encoding, bytes }` (`at`: Date.now() when
/// the line arrived; `encoding`: `br`, `gzip` or null; `bytes`: the body's
/// length as sent, or null).
export async function serveSite(siteDir) {
  const program = process.env.SITE_SERVER;
  if (!program) throw new Error('SITE_SERVER must name the site_server program (cargo xtask web --test sets it)');
  const child = spawn(program, ['--addr', '127.0.0.1:0', '--log', siteDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const log = [];
  let buffer = '';
  const origin = await new Promise((ok, fail) => {
    child.on('error', fail);
    child.on('exit', (code) => fail(new Error(`site_server exited (${code}) before serving`)));
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        const serving = /^site_server: serving .* at (http:\/\/[^/]+)\/$/.exec(line);
        if (serving) ok(serving[1]);
        const response = /^site_server: (\S+) (\S+) (\d+) (\S+) (\S+)$/.exec(line);
        if (response) {
          const [, method, path, status, encoding, bytes] = response;
          log.push({
            at: Date.now(),
            method,
            path,
            status: Number(status),
            encoding: encoding === '-' ? null : encoding,
            bytes: bytes === '-' ? null : Number(bytes),
          });
        }
      }
    });
  });
  child.removeAllListeners('exit');
  const server = { close: () => child.kill() };
  return { server, origin, log };
}
