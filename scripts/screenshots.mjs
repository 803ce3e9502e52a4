// Screenshots of every lesson, for looking at what the module shows (not a test):
//   node scripts/screenshots.mjs OUT_DIR [--views a,b,c] [--query 'd=512&pos=1e6'] [--tour [1,5,9]]
// Serves build/web/dist, opens each view from PosEnc.views() (or --views) paused at a fixed state,
// (--tour: each step of the guided tour, or the steps listed, as OUT_DIR/<size>-tour<NN>.png)
// and writes OUT_DIR/<size>-<view>.png at 1280x800, as a 360x640 phone (dpr 2) and at scale 2 on 1920x1080.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openPage, serve, settle, PARK } from '../tests/browser/harness.mjs';

const args = process.argv.slice(2);
const out = args[0];
if (!out) { console.error('usage: node scripts/screenshots.mjs OUT_DIR [--views a,b] [--query q]'); process.exit(2); }
const opt = (name) => { const i = args.indexOf(name); return i > 0 ? args[i + 1] : null; };
const extra = opt('--query') || '';
mkdirSync(out, { recursive: true });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, query: '' },
  { name: 'phone', width: 360, height: 640, deviceScaleFactor: 2, query: '' },
  { name: 'scale2', width: 1920, height: 1080, deviceScaleFactor: 1, query: '&scale=2' },
];

const server = await serve();
const browser = await launch();
try {
  for (const size of SIZES) {
    const { page, context } = await openPage(browser, server.url + '?playing=0' + size.query + (extra ? '&' + extra : ''), size);
    // A language's catalogue and font arrive after the first frame: shoot once the network is quiet.
    await page.waitForLoadState('networkidle');
    const tour = args.includes('--tour');
    const all = tour ? (await page.evaluate(() => window.PosEnc.views())).flatMap((v) => v.tourSteps).sort((a, b) => a - b) : [];
    const listed = tour && opt('--tour') && !opt('--tour').startsWith('--') ? opt('--tour').split(',').map(Number) : null;
    const shots = tour ? (listed || all).map((n) => ({ state: { step: n }, name: 'tour' + String(n).padStart(2, '0') }))
      : (opt('--views') ? opt('--views').split(',') : (await page.evaluate(() => window.PosEnc.views())).map((v) => v.id))
        .map((v) => ({ state: { view: v }, name: v }));
    for (const shot of shots) {
      const r = await page.evaluate((st) => window.PosEnc.setState(st), shot.state);
      if (r.rejected.length) console.warn(shot.name, JSON.stringify(r.rejected));
      await page.mouse.move(PARK.x, size.height - 5);
      await settle(page, 6);
      await page.screenshot({ path: join(out, `${size.name}-${shot.name}.png`) });
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log('screenshots in ' + out);
