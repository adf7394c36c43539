// The service worker of ARKES 3D: after the first visit, the page, its
// script, the game's wasm, the computer players' worker (its script and
// wasm), the manifest and the icons come from a cache, so the game starts
// and plays with no network (pass-and-play on a phone, or against the
// computer).
//
// `cargo xtask web` writes the build's version in place of the marker below:
// a new build is a new cache. It installs beside the running one, the page
// shows an "updated — reload" notice, and the old cache is deleted once the
// new version takes over.
const VERSION = '__ARKES_BUILD_VERSION__';
const CACHE = `arkes-${VERSION}`;
// Every file of the site (written by `cargo xtask web`): the game's and the
// worker's modules are named after their content, so the HTTP cache
// already holds those the page has loaded, and caching them here
// downloads nothing again.
const FILES = __ARKES_FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
  // The first version takes over at once; later ones wait for the page to
  // ask (the reload button), so a game in progress is never swapped.
});

self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('arkes-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The page is one document whatever its query (`?game=arcanor`…).
  const key = request.mode === 'navigate' ? './index.html' : request;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(key, { ignoreSearch: request.mode === 'navigate' });
      return cached ?? fetch(request);
    }),
  );
});
