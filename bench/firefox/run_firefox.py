#!/usr/bin/env python3
"""The extension in a real Firefox: Debian's firefox-esr, headless, driven by
geckodriver + Selenium (installed by scripts/setup_firefox.sh).

It installs build/extension/firefox-test (the Firefox build plus host access
to http://127.0.0.1/* only; `node scripts/build_extension.mjs --test`) as a
temporary add-on, serves test pages on 127.0.0.1, and for each page:

  - highlights it through the background, exactly as the popup does
    ({type: 'wce:highlight'} sent from an extension page);
  - checks the CSS Custom Highlight holds what the command line
    (build/native/wce extract) marks as main content, and that the page's
    markup did not change;
  - turns the highlight off and checks outerHTML is byte-identical;
  - opens the reader view and checks its title and text;

including a page served with a strict Content-Security-Policy.

With --xpi it installs the store package instead
(build/extension/packages/wce-firefox-<version>.xpi, `npm run package`), as
it would reach a user: no host permission at install; the run then grants
http://127.0.0.1/* from its optional host permissions, as a user does when
allowing the add-on on a site, and runs the same checks.

Usage: bench/firefox/run_firefox.sh [--xpi]  (builds, installs what is missing, runs)
Prints one line per check and ends with "N passed, M failed"; exit 1 on failure.
"""
import http.server
import json
import os
import re
import subprocess
import sys
import threading
import time
import traceback
import zipfile

from selenium import webdriver
from selenium.webdriver.firefox.options import Options
from selenium.webdriver.firefox.service import Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
EXT_DIR = os.path.join(ROOT, 'build', 'extension', 'firefox-test')
PACKAGES = os.path.join(ROOT, 'build', 'extension', 'packages')
TEST_ORIGIN = 'http://127.0.0.1/*'
CLI = os.path.join(ROOT, 'build', 'native', 'wce')
GECKODRIVER = os.path.join(ROOT, '.cache', 'geckodriver', 'bin', 'geckodriver')
FIREFOX = os.environ.get('WCE_FIREFOX', '/usr/bin/firefox-esr')
FIXTURES = os.path.join(ROOT, 'tests', 'e2e', 'fixtures')
STRICT_CSP = "default-src 'none'; style-src 'self'; script-src 'none'"
# A fixed internal UUID for the add-on, so its pages have a known address.
ADDON_UUID = '6f1d2c3b-8a4e-4c1f-9b2d-0e5a7c9d1f30'
EXTRACTOR = 'readability'
TIMEOUT_S = 60

PAGES = {
    '/fixture': os.path.join(FIXTURES, 'article.html'),
    '/reader': os.path.join(FIXTURES, 'reader.html'),
    '/news': os.path.join(ROOT, 'demo', 'news-article', 'source.html'),
}


# A big page (more than OVERLAY_ELEMENTS of extension/overlay_painter.js):
# a menu, then stories of paragraphs, painted with the overlay.
def big_page(stories=300):
    menu = '<ul>' + ''.join('<li><a href="/s%d">Section %d</a></li>' % (i, i) for i in range(30)) + '</ul>'
    body = []
    for k in range(stories):
        paras = ''.join('<p>Story %d, paragraph %d: the council met on Tuesday and agreed, after a long debate '
                        'about the harbour wall and the ferry timetable, to fund the repairs this spring.</p>'
                        % (k, j) for j in range(8))
        body.append('<article><h2>Story %d</h2>%s<div class="share"><a href="/x">Share</a></div></article>'
                    % (k, paras))
    return ('<!DOCTYPE html><html><head><title>Big page</title></head><body><nav>%s</nav>%s</body></html>'
            % (menu, ''.join(body))).encode('utf-8')


BIG_PAGE = big_page()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        path = self.path.split('?')[0]
        csp = path.startswith('/csp/')
        route = path[4:] if csp else path
        if route == '/big':
            body = BIG_PAGE
        elif route not in PAGES or not os.path.exists(PAGES[route]):
            self.send_error(404)
            return
        else:
            with open(PAGES[route], 'rb') as f:
                body = f.read()
        self.send_response(200)
        self.send_header('Content-Type', 'text/html; charset=utf-8')
        self.send_header('Cache-Control', 'no-store')
        if csp:
            self.send_header('Content-Security-Policy', STRICT_CSP)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


results = []


def check(name, ok, detail=''):
    results.append((name, bool(ok)))
    print(('ok   ' if ok else 'FAIL ') + name + ('' if ok else ': ' + str(detail)[:400]), flush=True)
    return ok


def no_space(s):
    return re.sub(r'\s+', '', s)


def cli_text(extractor, file):
    out = subprocess.run([CLI, 'extract', '--extractor', extractor, '--format', 'json', file],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)['text']


def package_xpi():
    """The Firefox store package of this version (scripts/build_extension.mjs --package)."""
    version = json.load(open(os.path.join(ROOT, 'package.json')))['version']
    return os.path.join(PACKAGES, 'wce-firefox-%s.xpi' % version)


def read_manifest(ext):
    if ext.endswith('.xpi'):
        with zipfile.ZipFile(ext) as z:
            return json.loads(z.read('manifest.json'))
    return json.load(open(os.path.join(ext, 'manifest.json')))


class Firefox:
    def __init__(self, ext):
        opts = Options()
        opts.binary_location = FIREFOX
        opts.add_argument('-headless')
        manifest = read_manifest(ext)
        addon_id = manifest['browser_specific_settings']['gecko']['id']
        self.addon_id = addon_id
        opts.set_preference('extensions.webextensions.uuids', json.dumps({addon_id: ADDON_UUID}))
        # Marionette may not navigate to moz-extension:// pages itself; the
        # controller tab is opened from the browser's chrome context instead,
        # which geckodriver allows with --allow-system-access.
        self.driver = webdriver.Firefox(options=opts, service=Service(GECKODRIVER, service_args=['--allow-system-access']))
        self.driver.set_script_timeout(TIMEOUT_S)
        self.driver.install_addon(ext, temporary=True)
        self.version = self.driver.capabilities.get('browserVersion')
        # The controller: an extension page, from which messages reach the
        # background as the popup's do.
        self.controller = self.open_extension_page('options.html')
        self._wait(lambda: self.driver.execute_script(
            'return !document.getElementById("extractor").disabled'))

    def grant_origin(self, origin):
        """Grants one of the add-on's optional host permissions, as the
        browser does when the user allows it on a site (from the chrome
        context: the permission prompt itself cannot be clicked headless)."""
        with self.driver.context(self.driver.CONTEXT_CHROME):
            self.driver.set_script_timeout(TIMEOUT_S)
            return self.driver.execute_async_script(
                'const [id, origin, done] = arguments;'
                'const {ExtensionPermissions} = ChromeUtils.importESModule('
                '  "resource://gre/modules/ExtensionPermissions.sys.mjs");'
                'const policy = WebExtensionPolicy.getByID(id);'
                'ExtensionPermissions.add(id, {permissions: [], origins: [origin]}, policy.extension)'
                '  .then(() => done(policy.canAccessURI(Services.io.newURI("http://127.0.0.1/x"))),'
                '        (e) => done("error: " + e));',
                self.addon_id, origin)

    def open_extension_page(self, page):
        """Opens moz-extension://<uuid>/<page> in a new tab; its window handle."""
        before = set(self.driver.window_handles)
        with self.driver.context(self.driver.CONTEXT_CHROME):
            self.driver.execute_script(
                'const w = Services.wm.getMostRecentWindow("navigator:browser");'
                'w.gBrowser.selectedTab = w.gBrowser.addTab(arguments[0],'
                ' {triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal()});',
                'moz-extension://%s/%s' % (ADDON_UUID, page))
        self._wait(lambda: len(set(self.driver.window_handles) - before) == 1, 'the extension tab')
        handle = (set(self.driver.window_handles) - before).pop()
        self.driver.switch_to.window(handle)
        self._wait(lambda: self.driver.execute_script('return document.readyState') == 'complete', 'the extension page')
        return handle

    def _wait(self, cond, what='condition'):
        end = time.time() + TIMEOUT_S
        while time.time() < end:
            try:
                if cond():
                    return
            except Exception:  # page still loading
                pass
            time.sleep(0.1)
        raise TimeoutError('timed out waiting for ' + what)

    def in_controller(self, script, *args):
        """Runs the body of an async function in the controller page (an
        extension page: browser.* is there); its value, or {error}."""
        self.driver.switch_to.window(self.controller)
        return self.driver.execute_async_script(
            'const done = arguments[arguments.length - 1];'
            '(async () => {' + script + '})().then(done, (e) => done({ok: false, error: String(e)}));', *args)

    def send(self, msg):
        """runtime.sendMessage(msg) from the controller page; the reply."""
        return self.in_controller('return await browser.runtime.sendMessage(arguments[0]);', msg)

    def tab_id(self, url):
        return self.in_controller(
            'const t = (await browser.tabs.query({})).find((x) => x.url === arguments[0]);'
            ' return t ? t.id : null;', url)

    def open(self, url):
        self.driver.switch_to.new_window('tab')
        self.driver.get(url)
        return self.driver.current_window_handle

    def in_tab(self, handle, script, *args):
        self.driver.switch_to.window(handle)
        return self.driver.execute_script(script, *args)


HIGHLIGHT_TEXT = '''
  const h = CSS.highlights.get('wce-main');
  if (!h) return null;
  const parts = [];
  for (const r of h) parts.push(r.toString());
  return {size: h.size, text: parts.join('\\n')};
'''


def page_cycle(ff, base, route, html_file):
    url = base + route
    tab = ff.open(url)
    before = ff.in_tab(tab, 'return document.documentElement.outerHTML')
    tab_id = ff.tab_id(url)
    if not check(route + ': the test tab is found', tab_id is not None):
        return
    on = ff.send({'type': 'wce:highlight', 'tabId': tab_id, 'on': True, 'extractor': EXTRACTOR})
    if not check(route + ': highlight on', on.get('state') == 'on' and on.get('mode') == 'highlight', on):
        return
    hl = ff.in_tab(tab, 'return (() => {' + HIGHLIGHT_TEXT + '})()')
    check(route + ': CSS.highlights has wce-main with the reported ranges',
          hl is not None and hl['size'] == on['highlighted'] and hl['size'] > 0, (hl and hl['size'], on))
    if hl is not None:
        check(route + ': highlighted text = the command line\'s ' + EXTRACTOR + ' text',
              no_space(hl['text']) == no_space(cli_text(EXTRACTOR, html_file)),
              hl['text'][:200])
    check(route + ': markup unchanged while highlighted',
          ff.in_tab(tab, 'return document.documentElement.outerHTML') == before)
    off = ff.send({'type': 'wce:highlight', 'tabId': tab_id, 'on': False})
    check(route + ': highlight off', off.get('state') == 'off', off)
    check(route + ': no highlight left',
          ff.in_tab(tab, 'return CSS.highlights.size') == 0)
    check(route + ': outerHTML byte-identical after off',
          ff.in_tab(tab, 'return document.documentElement.outerHTML') == before)

    handles = set(ff.driver.window_handles)
    rd = ff.send({'type': 'wce:reader', 'tabId': tab_id, 'extractor': EXTRACTOR})
    if not check(route + ': reader view opened', rd.get('ok') is True, rd):
        return
    ff._wait(lambda: len(set(ff.driver.window_handles) - handles) == 1, 'the reader tab')
    reader = (set(ff.driver.window_handles) - handles).pop()
    ff.driver.switch_to.window(reader)
    ff._wait(lambda: ff.driver.execute_script('return document.body.dataset.ready === "true"'), 'the reader view')
    shown = ff.driver.execute_script(
        'return {url: location.href, error: document.getElementById("error").hidden ? "" :'
        ' document.getElementById("error").textContent, title: document.getElementById("title").textContent,'
        ' text: document.getElementById("content").innerText}')
    check(route + ': reader page is the extension\'s', shown['url'].startswith('moz-extension://'), shown['url'])
    check(route + ': reader view shows no error', shown['error'] == '', shown['error'])
    words = set(re.findall(r'\w{4,}', cli_text(EXTRACTOR, html_file).lower()))
    got = set(re.findall(r'\w{4,}', (shown['title'] + ' ' + shown['text']).lower()))
    recall = len(words & got) / max(1, len(words))
    check(route + ': reader view holds the main text (word recall %.2f)' % recall, recall > 0.9, recall)
    ff.driver.close()
    check(route + ': page unchanged after the reader view',
          ff.in_tab(tab, 'return document.documentElement.outerHTML') == before)
    ff.driver.switch_to.window(tab)
    ff.driver.close()
    ff.driver.switch_to.window(ff.controller)


def instant_cycle(ff, base, route):
    """The opt-in "ready before you click" mode (settings.instant): the page
    script is registered, labels the page at load, the click only paints."""
    controller = ff.in_controller
    registered = 'return (await browser.scripting.getRegisteredContentScripts()).map((s) => s.id);'
    controller('await browser.storage.local.set({instant: true, extractor: arguments[0]});', EXTRACTOR)
    ff._wait(lambda: controller(registered) == ['wce-instant'], 'the page script registered')
    check('instant: the page script is registered', True)
    url = base + route
    tab = ff.open(url)
    tab_id = ff.tab_id(url)
    there = 'const [r] = await browser.scripting.executeScript({target: {tabId: arguments[0]},' \
        ' func: () => typeof globalThis.wceContent}); return r.result;'
    ff._wait(lambda: controller(there, tab_id) == 'object', 'the page script in the page')
    before = ff.in_tab(tab, 'return document.documentElement.outerHTML')
    on = ff.send({'type': 'wce:highlight', 'tabId': tab_id, 'on': True, 'extractor': EXTRACTOR})
    timing = on.get('timing') or {}
    check('instant: highlight on', on.get('state') == 'on' and on.get('highlighted', 0) > 0, on)
    check('instant: labelled at load (the click neither injects nor encodes)',
          timing.get('unchanged') is True and 'injectAt' not in (timing.get('background') or {}), timing)
    off = ff.send({'type': 'wce:highlight', 'tabId': tab_id, 'on': False})
    check('instant: highlight off', off.get('state') == 'off', off)
    check('instant: outerHTML byte-identical after off',
          ff.in_tab(tab, 'return document.documentElement.outerHTML') == before)
    ff.driver.close()
    controller('await browser.storage.local.set({instant: false});')
    ff._wait(lambda: controller(registered) == [], 'the page script unregistered')
    check('instant: turned off, the page script is unregistered', True)


def big_cycle(ff, base):
    """A big page: painted with the overlay (no style, no CSS.highlights),
    boxes on screen, also after a scroll; off leaves the markup as it was."""
    url = base + '/big'
    tab = ff.open(url)
    before = ff.in_tab(tab, 'return document.documentElement.outerHTML')
    n = ff.in_tab(tab, 'return document.getElementsByTagName("*").length')
    tab_id = ff.tab_id(url)
    if not check('big page (%d elements): the test tab is found' % n, tab_id is not None):
        return
    on = ff.send({'type': 'wce:highlight', 'tabId': tab_id, 'on': True, 'extractor': EXTRACTOR})
    if not check('big page: highlight on, with the overlay', on.get('state') == 'on' and on.get('mode') == 'overlay', on):
        return
    st = ff.send({'type': 'wce:status', 'tabId': tab_id})
    ov = st.get('overlay') or {}
    check('big page: boxes drawn, some on screen', ov.get('boxes', 0) > 0 and ov.get('onScreen', 0) > 0, st)
    check('big page: no CSS.highlights', ff.in_tab(tab, 'return CSS.highlights.size') == 0)
    ff.in_tab(tab, 'window.scrollTo(0, document.documentElement.scrollHeight / 2)')
    ff._wait(lambda: (ff.send({'type': 'wce:status', 'tabId': tab_id}).get('overlay') or {}).get('onScreen', 0) > 0,
             'boxes on screen after a scroll')
    check('big page: boxes on screen after a scroll to the middle', True)
    off = ff.send({'type': 'wce:highlight', 'tabId': tab_id, 'on': False})
    check('big page: highlight off', off.get('state') == 'off', off)
    check('big page: outerHTML byte-identical after off, no overlay left',
          ff.in_tab(tab, 'return document.documentElement.outerHTML') == before and
          ff.in_tab(tab, 'return document.querySelector("wce-overlay")') is None)


def main():
    args = sys.argv[1:]
    if args not in ([], ['--xpi']):
        sys.exit('usage: run_firefox.sh [--xpi]')
    ext = package_xpi() if args == ['--xpi'] else EXT_DIR
    for f in (ext, CLI, GECKODRIVER, FIREFOX):
        if not os.path.exists(f):
            sys.exit('run_firefox: %s is missing (run bench/firefox/run_firefox.sh%s)' % (f, ' ' + args[0] if args else ''))
    server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = 'http://127.0.0.1:%d' % server.server_address[1]
    t0 = time.time()
    ff = Firefox(ext)
    print('Firefox %s, add-on %s installed in %.1f s' % (ff.version, os.path.relpath(ext, ROOT), time.time() - t0),
          flush=True)
    try:
        if ext.endswith('.xpi'):
            check('xpi: no host permission at install, %s granted as optional' % TEST_ORIGIN,
                  'host_permissions' not in read_manifest(ext) and ff.grant_origin(TEST_ORIGIN) is True)
        for route in ['/fixture', '/reader', '/news', '/csp/fixture', '/csp/news']:
            page = route[4:] if route.startswith('/csp/') else route
            if not os.path.exists(PAGES[page]):
                continue
            try:
                page_cycle(ff, base, route, PAGES[page])
            except Exception as e:  # one page's failure is reported, the others still run
                traceback.print_exc()
                check(route + ': ran to the end', False, e)
                ff.driver.switch_to.window(ff.controller)
        try:
            big_cycle(ff, base)
        except Exception as e:
            traceback.print_exc()
            check('big page: ran to the end', False, e)
            ff.driver.switch_to.window(ff.controller)
        try:
            instant_cycle(ff, base, '/reader')
        except Exception as e:
            traceback.print_exc()
            check('instant: ran to the end', False, e)
    finally:
        ff.driver.quit()
        server.shutdown()
    failed = sum(1 for _, ok in results if not ok)
    print('firefox: %d passed, %d failed (%.0f s)' % (len(results) - failed, failed, time.time() - t0))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
