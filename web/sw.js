/* Service worker of the benchmark page: keeps the page working offline once
 * it has been loaded (network first, so a rebuilt page is never stale; the
 * cached copy when the server cannot be reached). Same-origin GETs only: the
 * page makes no other requests.
 *
 * scripts/build_web.mjs replaces FILES and VERSION (a hash of the files), so
 * a new build installs a fresh cache and drops the old one.
 */
'use strict';
const VERSION = '__WCE_WEB_VERSION__';
const FILES = ['./'].concat(/*__WCE_WEB_FILES__*/ []);
const CACHE = 'wce-web-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('wce-web-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(req)
      .then((resp) => {
        if (resp.ok) {
          const copy = resp.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return resp;
      })
      .catch(() => caches.open(CACHE).then((c) => c.match(req, { ignoreSearch: true })).then((hit) => hit || Response.error())),
  );
});
