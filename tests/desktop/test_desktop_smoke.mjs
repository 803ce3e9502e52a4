// Desktop smoke test: the native build starts under Xvfb, draws the clock view, and a screenshot of
// the X screen shows dials (hand-coloured pixels) and a moved hand for a different position.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, HAND, GHOST } from '../browser/harness.mjs';
import { decodePng, colorStats, diffFraction } from '../browser/png.mjs';

const APP = join(ROOT, 'build', 'native', 'posenc_desktop');
const OUT = join(ROOT, 'artifacts', 'desktop');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function screenshotOf(query, name, display) {
  const app = spawn(APP, [query, '--frames', '100000'], { env: { ...process.env, DISPLAY: display }, stdio: 'inherit' });
  try {
    await sleep(2500);
    assert.equal(app.exitCode, null, 'the app is still running');
    const file = join(OUT, name + '.png');
    execFileSync('import', ['-window', 'root', file], { env: { ...process.env, DISPLAY: display } });
    return decodePng(readFileSync(file));
  } finally {
    app.kill();
  }
}

test('the desktop build draws the clock view under Xvfb', async () => {
  mkdirSync(OUT, { recursive: true });
  const display = ':' + (90 + Math.floor(Math.random() * 100));
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  try {
    await sleep(800);
    const a = await screenshotOf('playing=0&d=16&k=4&pos=0', 'desktop-pos0', display);
    const b = await screenshotOf('playing=0&d=16&k=4&pos=7', 'desktop-pos7', display);
    const main = { x: 320, y: 120, w: 950, h: 670 };
    assert.ok(colorStats(a, HAND, main).count > 300, 'hands drawn');
    assert.ok(colorStats(a, GHOST, main).count > 300, 'ghost hands drawn');
    assert.ok(diffFraction(a, b, main) > 0.005, 'a different position moves the hands');
  } finally {
    xvfb.kill();
  }
});
