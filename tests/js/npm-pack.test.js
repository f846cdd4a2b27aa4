// `npm pack` (package.json): the prepack check refuses to pack without the
// WebAssembly build, with a message that says what to run; with it, the
// tarball holds the core and the LICENSE. Run in a temporary copy of the
// package's files, so that the real build/wasm is never touched; the core
// files there are stand-ins (what is checked is the packing, not the core).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { ROOT } = require('./helpers');

const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const CORE = ['build/wasm/wce_core.js', 'build/wasm/wce_core.wasm'];

function copyPackage(withCore) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wce-pack-'));
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  for (const f of pkg.files) {
    if (CORE.includes(f)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(dir, f));
  }
  if (withCore) {
    fs.mkdirSync(path.join(dir, 'build', 'wasm'), { recursive: true });
    for (const f of CORE) fs.writeFileSync(path.join(dir, f), 'stand-in');
  }
  return dir;
}

function npmPack(dir) {
  return spawnSync('npm', ['pack', '--json', '--ignore-scripts=false', '--offline'], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, npm_config_cache: path.join(dir, '.npm-cache') },
  });
}

describe('npm pack', () => {
  test('package.json says MIT and a LICENSE file with the MIT text is shipped', () => {
    expect(pkg.license).toBe('MIT');
    expect(pkg.files).toContain('LICENSE');
    const text = fs.readFileSync(path.join(ROOT, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) the wce authors\n/);
    expect(text).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
  });

  test('without the WebAssembly build: fails, naming the missing files and the build command', () => {
    const dir = copyPackage(false);
    try {
      const r = npmPack(dir);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain('wce: npm pack stopped: the WebAssembly build is missing');
      expect(r.stderr).toContain('build/wasm/wce_core.js, build/wasm/wce_core.wasm');
      expect(r.stderr).toContain('bash scripts/build_wasm.sh');
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tgz'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('with it: the tarball holds the core files and LICENSE', () => {
    const dir = copyPackage(true);
    try {
      const r = npmPack(dir);
      expect(r.status).toBe(0);
      const listed = JSON.parse(r.stdout.slice(r.stdout.indexOf('[')))[0].files.map((f) => f.path);
      for (const f of [...CORE, 'LICENSE', 'package.json']) expect(listed).toContain(f);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
