// Shared set-up for the browser tests: a local server for build/web/dist, Debian's Chromium through
// playwright-core, and helpers to open the page and take screenshots kept under artifacts/browser/.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { decodePng } from './png.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, '..', '..');
export const DIST = process.env.POSENC_DIST || join(ROOT, 'build', 'web', 'dist');
export const ARTIFACTS = join(ROOT, 'artifacts', 'browser');
const require = createRequire(join(ROOT, '.cache', 'node', 'package.json'));
const { chromium } = require('playwright-core');

export const CHROMIUM_ARGS = ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

// Starts scripts/serve.py on a free port; resolves to {url, close}.
export function serve(root = DIST, extraArgs = []) {
  return new Promise((res, rej) => {
    const p = spawn('/usr/bin/python3', [join(ROOT, 'scripts', 'serve.py'), '--root', root, '--port', '0', ...extraArgs],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    p.on('error', rej);
    p.stdout.on('data', (chunk) => {
      const m = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(String(chunk));
      if (m) res({ url: m[0], port: Number(m[1]), close: () => p.kill() });
    });
    p.on('exit', (code) => rej(new Error('server exited ' + code)));
  });
}

export async function launch(extraArgs = []) {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

// Opens the page at `url` (1280x800 unless given), records console errors, waits for PosEnc.ready.
export async function openPage(browser, url, { width = 1280, height = 800, deviceScaleFactor = 1, ready = true } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  if (ready) await page.evaluate(() => window.PosEnc.ready.then(() => true));
  return { page, context, errors };
}

// Waits for a few animation frames so the canvas shows the latest state.
export async function settle(page, frames = 4) {
  await page.evaluate((n) => new Promise((res) => {
    const step = () => (n-- <= 0 ? res() : requestAnimationFrame(step));
    requestAnimationFrame(step);
  }), frames);
}

// Screenshot of the page, saved as artifacts/browser/<name>.png and returned decoded.
export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const buf = await page.screenshot();
  writeFileSync(join(ARTIFACTS, name + '.png'), buf);
  return decodePng(buf);
}

export const HAND = [40, 110, 220];
export const GHOST = [235, 120, 20];
