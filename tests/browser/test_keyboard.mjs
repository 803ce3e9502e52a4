// The keyboard alone, as a reader who cannot use a mouse meets the figure (WCAG 2.1.1, 2.1.2, 4.1.2; issue
// 26): the figure is one Tab stop, both ways, on the full page, in an embed across origins at d = 64 and
// d = 1024 and on the course page; Enter goes inside, F6 goes round its regions (the view, the controls,
// the lessons), the arrows walk a region and the dials are one control; every control is announced by
// its name; Esc gives the keyboard back and the next Tab goes on past the figure. The test measures and
// prints the Tab presses from the host's element before a figure to the one after it (at most 3) and the
// key presses from entering to each control of the view (at most 10). Every loop waits for a
// condition, with a cap on key presses, never a fixed time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openPage, shot, waitUntil, threeOrigins, keyTo, walkRegion, settle } from './harness.mjs';
import { decodePng } from './png.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const active = (frame) => frame.evaluate(() => (document.activeElement && (document.activeElement.id || document.activeElement.tagName)) || '');
const note = (frame) => frame.evaluate(() => document.getElementById('focus-note').textContent);
const focused = (frame) => frame.evaluate(() => window.PosEnc._focused());

test('full page: one Tab stop either way; Enter enters the view, F6 goes round the regions, each control is named', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  await page.keyboard.press('Tab');
  assert.equal(await active(page), 'canvas', 'the first Tab reaches the figure');
  assert.equal(await note(page), '', 'nothing inside has the ring yet');
  await page.keyboard.press('Tab');
  assert.equal(await active(page), 'copy-link', 'the next Tab leaves the figure: one stop');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await active(page), 'canvas', 'Shift+Tab comes back to the figure');
  // Inside: Enter lands in the view's controls, F6 goes on to the controls and the lessons, and round.
  await page.keyboard.press('Enter');
  assert.equal((await focused(page)).region, 'The view');
  assert.match(await note(page), /^The view: /, 'entering says where: ' + await note(page));
  const regions = [];
  const heard = [];
  for (let r = 0; r < 3; r++) {
    const walked = await walkRegion(page, page.keyboard);
    regions.push(walked[0].region);
    heard.push(...walked.map((f) => f.label));
    await page.keyboard.press('F6');
  }
  assert.deepEqual(regions, ['The view', 'Controls', 'Lessons']);
  assert.equal((await focused(page)).region, 'The view', 'F6 came round');
  const views = await page.evaluate(() => {
    const all = window.PosEnc.views(), here = all.find((v) => v.id === window.PosEnc.getState().view);
    return all.filter((v) => v.chapter === here.chapter).map((v) => v.label);
  });
  for (const label of ['Play', 'position  pos', 'Start guided tour', 'Contents: chapters and lessons', ...views])
    assert.ok(heard.includes(label), 'reached ' + label + ' (heard: ' + heard.slice(0, 12).join(' | ') + ')');
  const controls = await page.evaluate(() => window.PosEnc._controls());
  assert.equal(heard.length, controls.length, 'the three regions hold every control');
  assert.deepEqual(controls.filter((c) => !c.label).map((c) => c.region), [], 'every control has a name');
  // Tab from inside leaves at once, as does Shift+Tab.
  await page.keyboard.press('Tab');
  assert.equal(await active(page), 'copy-link', 'Tab from a control goes on past the figure');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  assert.ok((await focused(page)).index >= 0);
  await page.keyboard.press('Shift+Tab');
  assert.notEqual(await active(page), 'canvas', 'Shift+Tab from a control leaves backwards');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Space presses the focused control, Esc clears the ring and then releases the keyboard', async () => {
  const { page, context, errors } = await openPage(browser, server.url + '?playing=0');
  await page.focus('#canvas');
  assert.ok(await keyTo(page, page.keyboard, 'Play') > 0, 'Play is reachable');
  await waitUntil(page, () => document.getElementById('focus-note').textContent.endsWith('Play'));
  await page.keyboard.press('Space');
  await waitUntil(page, () => window.PosEnc.getState().playing === true);
  await shot(page, 'keyboard-focus-ring');
  await page.keyboard.press('Escape');  // the ring goes, the figure keeps the keyboard
  assert.equal(await active(page), 'canvas');
  await page.keyboard.press('Space');   // now Space is the figure's own key: play/pause
  await waitUntil(page, () => window.PosEnc.getState().playing === false);
  // The figure's arrows stay the figure's: three presses are three positions (neither the focus nor
  // ImGui's own navigation takes them over while no control has the ring).
  const pos0 = await page.evaluate(() => window.PosEnc.getState().pos);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await waitUntil(page, (p0) => window.PosEnc.getState().pos === p0 + 3, pos0);
  await page.keyboard.press('Escape');  // nothing left to close: the keyboard goes back to the page
  await waitUntil(page, () => document.activeElement !== document.getElementById('canvas'));
  assert.deepEqual(errors, []);
  await context.close();
});

// The Tab presses from the host's element before the iframe to the one after it, and back.
async function tabsAcross(page, beforeSel, afterSel) {
  await page.focus(beforeSel);
  let forward = 0;
  const isAfter = (sel) => page.evaluate((s) => document.activeElement === document.querySelector(s), sel);
  while (!(await isAfter(afterSel)) && forward < 50) { await page.keyboard.press('Tab'); forward++; }
  let back = 0;
  while (!(await isAfter(beforeSel)) && back < 50) { await page.keyboard.press('Shift+Tab'); back++; }
  return { forward, back };
}

// From the figure itself: the presses to each control of the view (Enter, then the arrows either way
// round the view's region), measured by walking it.
async function viewReach(frame, keys) {
  await keys.press('Enter');
  await settle(frame.page ? frame.page() : frame, 1);
  const first = await focused(frame);
  assert.equal(first.region, 'The view', 'Enter lands in the view');
  const walked = await walkRegion(frame, keys);
  const n = walked.length;
  const reach = walked.map((f, i) => ({ label: f.label, presses: 1 + Math.min(i, n - i) }));
  return { n, most: Math.max(...reach.map((r) => r.presses)), reach };
}

for (const d of [64, 1024]) {
  test(`embedded across origins, clock at d = ${d}: at most 3 Tabs past the figure, both ways; the view's controls within 10 keys; Esc and the next Tab go on`, async () => {
    const origins = await threeOrigins('posenc-keys-', (dir, { B }) => {
      writeFileSync(join(dir, 'host.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head><body>
<button id="before">Before</button>
<div id="fig" data-posenc="view=clock&d=${d}&playing=0" data-posenc-src="${B.url}index.html" style="width:800px;height:500px"></div>
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
      const { forward, back } = await tabsAcross(page, '#before', '#after');
      // Into the figure and the view's controls.
      await page.focus('#before');
      await page.keyboard.press('Tab');
      assert.ok(await waitUntil(frame, () => document.activeElement === document.getElementById('canvas')), 'Tab reached the figure');
      const { n, most, reach } = await viewReach(frame, page.keyboard);
      const dials = reach.filter((r) => /^Dials: /.test(r.label));
      console.log(`keyboard, embed d=${d}: Tab presses before->after ${forward}, after->before ${back}; ` +
        `the view's ${n} controls within ${most} key presses of entering (${reach.map((r) => r.label + ':' + r.presses).join(' | ')})`);
      assert.ok(forward <= 3, `${forward} Tab presses past the figure`);
      assert.ok(back <= 3, `${back} Shift+Tab presses back past the figure`);
      assert.ok(most <= 10, `the farthest control of the view takes ${most} presses`);
      assert.equal(dials.length, 1, `the ${d / 2} dials are one control`);
      // The dials: the arrows choose the pair, the name follows.
      assert.ok(await keyTo(frame, page.keyboard, /^Dials: /) >= 0);
      const pair0 = await frame.evaluate(() => window.PosEnc.getState().pair);
      await page.keyboard.press('ArrowRight');
      assert.ok(await waitUntil(frame, (p) => window.PosEnc.getState().pair === p + 1, pair0), 'ArrowRight chose the next pair');
      assert.ok(await waitUntil(frame, (p) => document.getElementById('focus-note').textContent.startsWith('Dials: pair ' + (p + 1) + ' of '), pair0),
        'the dials say the pair: ' + await note(frame));
      // Esc twice (the ring, then the figure): the host has the keyboard, and the next Tab goes on to After.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      assert.ok(await waitUntil(page, () => document.activeElement === document.getElementById('fig')), 'Esc gave the keyboard to the host');
      await page.keyboard.press('Tab');
      assert.equal(await active(page), 'after', 'the Tab after Esc goes past the figure');
      await context.close();
    } finally {
      origins.close();
    }
  });
}

test('the course page: each figure one Tab stop between the host\'s elements, its view within 10 keys', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(server.url + 'examples/course.html');
  await page.waitForFunction(() => window.PosEncEmbed && document.querySelectorAll('[data-posenc] iframe').length === 3);
  const ids = await page.evaluate(() => [...document.querySelectorAll('[data-posenc]')].map((e) => e.id));
  for (const id of ids) {
    await page.evaluate((i) => window.PosEncEmbed.get(document.getElementById(i)).ready.then(() => true), id);
    // The host's tabbable elements next to the figure's iframe, in document order.
    const [beforeSel, afterSel] = await page.evaluate((i) => {
      const all = [...document.querySelectorAll('a[href], button, input, select, textarea, iframe, [tabindex]')]
        .filter((e) => e.tabIndex >= 0 && (e.offsetWidth || e.offsetHeight));
      const frame = document.getElementById(i).querySelector('iframe');
      const k = all.indexOf(frame);
      // The page's last figure has nothing after it: a button at the page's end stands for the host's next element.
      let after = all[k + 1];
      if (!after) { after = document.createElement('button'); after.textContent = 'end'; document.body.appendChild(after); }
      const mark = (e, name) => { e.setAttribute('data-keys', name + i); return `[data-keys="${name + i}"]`; };
      return [mark(all[k - 1], 'before-'), mark(after, 'after-')];
    }, id);
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    const { forward, back } = await tabsAcross(page, beforeSel, afterSel);
    const view = id.replace(/-embed$/, '');
    const frame = page.frames().find((f) => f.url().includes('embed=1') && f.url().includes('view=' + view));
    assert.ok(frame, 'the frame of ' + id);
    await page.focus(beforeSel);
    await page.keyboard.press('Tab');
    assert.ok(await waitUntil(frame, () => document.activeElement === document.getElementById('canvas')), id + ': Tab reached the figure');
    const { n, most } = await viewReach(frame, page.keyboard);
    console.log(`keyboard, course page ${id}: Tab presses before->after ${forward}, after->before ${back}; the view's ${n} controls within ${most} key presses`);
    assert.ok(forward <= 3 && back <= 3, `${id}: ${forward} / ${back} Tab presses past the figure`);
    assert.ok(most <= 10, `${id}: the farthest control of the view takes ${most} presses`);
    await page.keyboard.press('Tab');  // out again, to the host
  }
  await context.close();
});

test('the focus marker on a dial is the ring buttons have: the same colour, as thick, all round', async () => {
  const { page, context } = await openPage(browser, server.url + '?view=clock&d=64&playing=0&pair=2');
  await page.focus('#canvas');
  // The ring is Dear ImGui's navigation highlight (blue, 2 px, 3 to 5 px outside the item): the share of
  // the band around the item's box in that blue, for the dial and for Play.
  const ring = async (label) => {
    assert.ok(await keyTo(page, page.keyboard, label) >= 0, 'reached ' + label);
    await page.mouse.move(2, 2);
    await settle(page, 4);
    const c = await page.evaluate(() => window.PosEnc._controls()[window.PosEnc._focused().index]);
    const png = decodePng(await page.screenshot());
    let blue = 0, all = 0;
    for (let y = Math.round(c.y0) - 6; y <= Math.round(c.y1) + 6; y++)
      for (let x = Math.round(c.x0) - 6; x <= Math.round(c.x1) + 6; x++) {
        const inside = x > c.x0 - 2 && x < c.x1 + 2 && y > c.y0 - 2 && y < c.y1 + 2;
        if (inside || x < 0 || y < 0 || x >= png.width || y >= png.height) continue;
        const o = (y * png.width + x) * 4, r = png.data[o], g = png.data[o + 1], b = png.data[o + 2];
        all++;
        if (b > 200 && r < 130 && g > 100 && g < 200) blue++;
      }
    return { label: c.label, share: blue / all, blue };
  };
  const dial = await ring(/^Dials: pair 2 /);
  await shot(page, 'keyboard-dial-ring');
  await page.keyboard.press('Escape');
  const play = await ring('Play');
  console.log(`focus ring: ${(100 * dial.share).toFixed(0)} % of the band around the dial is the ring's blue (${dial.blue} px), ` +
    `${(100 * play.share).toFixed(0)} % around Play (${play.blue} px)`);
  assert.ok(play.share > 0.1, 'the button has a ring: ' + JSON.stringify(play));
  assert.ok(dial.share >= 0.8 * play.share, 'the dial\'s ring is as strong as the button\'s: ' + JSON.stringify({ dial, play }));
  await context.close();
});

test('typing an odd d into its field is refused, as ?d=33 is, instead of becoming the next even width', async () => {
  const { page, context } = await openPage(browser, server.url + '?playing=0&d=64');
  await page.evaluate(() => { window.seenD = []; window.PosEnc.on('change', (st) => window.seenD.push(st.d)); });
  await page.focus('#canvas');
  assert.ok(await keyTo(page, page.keyboard, /^model width\s+d: type a value/) >= 0, 'the d field is reachable');
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
