// The keyboard alone, as a reader who cannot use a mouse meets the figure (WCAG 2.1.1, 2.1.2):
// Tab walks every control of the figure, each announced by name, and then leaves it for the page's
// next element (Copy link on the full page, the host page's next element across origins); Shift+Tab
// comes back; Space presses the focused control; Esc closes the focus ring first and then gives the
// keyboard back. Every loop waits for a condition, with a cap on key presses, never a fixed time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openPage, shot, waitUntil, threeOrigins } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const active = (frame) => frame.evaluate(() => (document.activeElement && (document.activeElement.id || document.activeElement.tagName)) || '');

test('full page: Tab goes through every control, announcing each, then on to Copy link; Shift+Tab comes back', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  await page.keyboard.press('Tab');
  assert.equal(await active(page), 'canvas', 'the first Tab reaches the figure');
  // The current chapter's tabs; the other lessons are behind Contents.
  const views = await page.evaluate(() => {
    const all = window.PosEnc.views(), here = all.find((v) => v.id === window.PosEnc.getState().view);
    return all.filter((v) => v.chapter === here.chapter).map((v) => v.label);
  });
  assert.ok(views.length >= 3 && views.length < 25, 'a chapter of tabs: ' + views.join(', '));
  const heard = [];
  let presses = 0;
  while ((await active(page)) === 'canvas' && presses < 300) {
    await page.keyboard.press('Tab');
    presses++;
    heard.push(await page.evaluate(() => document.getElementById('focus-note').textContent));
  }
  assert.equal(await active(page), 'copy-link', 'after the last control focus moves on to Copy link (no trap)');
  assert.ok(presses > 20, 'the sidebar and the tabs were walked through (' + presses + ' presses)');
  for (const label of ['Play', 'position  pos', 'Start guided tour', 'Contents: chapters and lessons'])
    assert.ok(heard.includes(label), 'announced ' + label + ' (heard: ' + heard.slice(0, 12).join(' | ') + ')');
  for (const label of views) assert.ok(heard.includes(label), 'the ' + label + ' tab is reachable');
  // Back: Shift+Tab from Copy link returns into the figure.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await active(page), 'canvas');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Space presses the focused control, Esc clears the ring and then releases the keyboard', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  await page.focus('#canvas');
  await page.keyboard.press('Tab');  // the first control: Play (paused)
  await waitUntil(page, () => document.getElementById('focus-note').textContent === 'Play');
  await page.keyboard.press('Space');
  await waitUntil(page, () => window.PosEnc.getState().playing === true);
  await shot(page, 'keyboard-focus-ring');
  await page.keyboard.press('Escape');  // the ring goes, the figure keeps the keyboard
  assert.equal(await active(page), 'canvas');
  await page.keyboard.press('Space');   // now Space is the figure's own key: play/pause
  await waitUntil(page, () => window.PosEnc.getState().playing === false);
  // The figure's arrows stay the figure's: three presses are three positions (ImGui's own navigation
  // does not take them over while no control has the ring).
  const pos0 = await page.evaluate(() => window.PosEnc.getState().pos);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await waitUntil(page, (p0) => window.PosEnc.getState().pos === p0 + 3, pos0);
  await page.keyboard.press('Escape');  // nothing left to close: the keyboard goes back to the page
  await waitUntil(page, () => document.activeElement !== document.getElementById('canvas'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('embedded across origins: Tab enters the figure, walks it and leaves for the host page; Shift+Tab too', async () => {
  const origins = await threeOrigins('posenc-keys-', (dir, { B }) => {
    writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body>
<button id="before">Before</button>
<div id="fig" data-posenc="view=clock&playing=0" data-posenc-src="${B.url}index.html" style="width:800px;height:500px"></div>
<button id="after">After</button>
<script src="${B.url}posenc-embed.js"></script></body></html>`);
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(origins.A.url + 'host.html');
    await page.waitForFunction(() => window.PosEncEmbed && window.PosEncEmbed.get(document.getElementById('fig')));
    await page.evaluate(() => window.PosEncEmbed.get(document.getElementById('fig')).ready.then(() => true));
    const frame = page.frames().find((f) => f.url().startsWith(origins.B.url));
    await page.focus('#before');
    await page.keyboard.press('Tab');
    await waitUntil(frame, () => document.activeElement === document.getElementById('canvas'));
    let presses = 0;
    while ((await active(page)) !== 'after' && presses < 300) { await page.keyboard.press('Tab'); presses++; }
    assert.equal(await active(page), 'after', 'Tab left the figure for the host page');
    assert.ok(presses > 10, 'the figure\'s controls were walked (' + presses + ')');
    // Backwards from After: into the figure, then (Shift+Tab through the controls) out to Before.
    presses = 0;
    await page.keyboard.press('Shift+Tab');
    while ((await active(page)) !== 'before' && presses < 300) { await page.keyboard.press('Shift+Tab'); presses++; }
    assert.equal(await active(page), 'before', 'Shift+Tab left the figure backwards');
    await context.close();
  } finally {
    origins.close();
  }
});

test('typing an odd d into its field is refused, as ?d=33 is, instead of becoming the next even width', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0&d=64');
  await page.evaluate(() => { window.seenD = []; window.PosEnc.on('change', (st) => window.seenD.push(st.d)); });
  await page.focus('#canvas');
  let presses = 0;
  const note = () => page.evaluate(() => document.getElementById('focus-note').textContent);
  while (!/model width\s+d: type a value/.test(await note()) && presses < 80) { await page.keyboard.press('Tab'); presses++; }
  assert.match(await note(), /model width\s+d: type a value/, 'the d field is reachable by Tab');
  const typeIn = async (text) => {
    await page.keyboard.press('Enter');  // start editing the field
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  };
  await typeIn('33');
  await typeIn('40');  // taken after the 33: once d is 40, the 33 has been dealt with
  await waitUntil(page, () => window.PosEnc.getState().d === 40);
  const seen = await page.evaluate(() => window.seenD);
  assert.ok(!seen.includes(34) && !seen.includes(33), 'd never became 33 or 34 (seen: ' + seen.join(', ') + ')');
  await context.close();
});
