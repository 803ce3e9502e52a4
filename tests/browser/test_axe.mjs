// axe-core (npm, the accessibility engine browsers' own audits use) over the page, an embed and the
// course page: 0 violations of any rule axe runs by default (WCAG 2 A/AA and best practices), at a
// laptop size and as a phone. Also checks the live text mirror: a polite live region with the view's
// description and an HTML table of its key numbers that follows the state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, serve, launch, openPage, waitUntil } from './harness.mjs';

const AXE = readFileSync(join(ROOT, '.cache', 'node', 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Runs axe in one frame (evaluated through the DevTools protocol, so the page's CSP does not block
// it); returns the violations as "rule: target" lines.
async function violations(frame) {
  await frame.evaluate(AXE);
  const result = await frame.evaluate(() => window.axe.run(document, { iframes: false }));
  return result.violations.flatMap((v) => v.nodes.map((n) => v.id + ': ' + n.target.join(' ') + ' — ' + v.help));
}

for (const [name, query, size] of [
  ['full page, laptop', '?playing=0', { width: 1280, height: 800 }],
  ['full page, phone', '?playing=0&view=heatmap', { width: 360, height: 640, deviceScaleFactor: 2 }],
  ['full page, tour, dark', '?step=2&theme=dark', { width: 1280, height: 800 }],
  ['embed', '?embed=1&view=similarity&playing=0', { width: 800, height: 500 }],
]) {
  test('axe: 0 violations on the ' + name, async () => {
    const { page, context } = await openPage(browser, server.url + query, size);
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
}

test('axe: 0 violations on the course page (host) and in each of its figures', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.url + 'examples/course.html');
  await page.waitForFunction(() => window.PosEncEmbed && document.querySelectorAll('iframe').length > 0);
  assert.deepEqual(await violations(page), []);
  const frames = page.frames().filter((f) => f.url().includes('embed=1'));
  assert.ok(frames.length > 0, 'the course page has figures');
  for (const f of frames) {
    await f.waitForFunction(() => window.PosEnc && window.PosEnc.getState && document.getElementById('numbers-body'));
    assert.deepEqual(await violations(f), [], 'in ' + f.url());
  }
  await context.close();
});

test('the live text mirror: description and key-number table follow the state', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0&d=64&k=37&pair=3');
  const live = await page.evaluate(() => document.getElementById('describe').getAttribute('aria-live'));
  assert.equal(live, 'polite');
  const table = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#numbers-body tr')]
    .map((tr) => [tr.cells[0].textContent, tr.cells[1].textContent])));
  await waitUntil(page, () => document.querySelectorAll('#numbers-body tr').length > 5);
  let t = await table();
  assert.equal(t['model width d'], '64');
  // An independent route to the same numbers: the page API's period and dot product.
  const period = await page.evaluate(() => window.PosEnc.period(3, 64));
  assert.equal(Number(t['its period, positions']), Number(period.toPrecision(6)));
  const dot = await page.evaluate(() => window.PosEnc.dot(0, 37, 64));
  assert.ok(Math.abs(Number(t['PE(pos) · PE(pos + k), the same for every pos']) - dot) < 5e-5);
  await page.evaluate(() => window.PosEnc.setState({ d: 128, view: 'periods' }));
  await waitUntil(page, () => [...document.querySelectorAll('#numbers-body th')].some((th) => th.textContent === 'model width d' && th.nextSibling.textContent === '128'));
  t = await table();
  assert.match(t.view, /./);
  assert.match(await page.evaluate(() => document.getElementById('describe').textContent), /128/);
  await context.close();
});

test('axe is really looking: an image without alt text on the page is reported', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0');
  await page.evaluate(() => { const img = document.createElement('img'); img.src = 'favicon.svg'; document.body.appendChild(img); });
  const found = await violations(page);
  assert.ok(found.some((v) => v.startsWith('image-alt')), found.join('\n'));
  await context.close();
});
