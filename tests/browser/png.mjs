// Minimal PNG decoder (8-bit RGB/RGBA, non-interlaced: what Chromium screenshots are), so pixel
// checks need no npm module beyond playwright-core.
import { inflateSync } from 'node:zlib';

export function decodePng(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let off = 8, width = 0, height = 0, colorType = 0, bitDepth = 0;
  const idat = [];
  while (off < buf.length) {
    const len = buf.readUInt32BE(off);
    const type = buf.toString('ascii', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      bitDepth = data[8]; colorType = data[9];
      if (data[12] !== 0) throw new Error('interlaced PNG not supported');
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    off += 12 + len;
  }
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6)) throw new Error(`unsupported PNG ${bitDepth}/${colorType}`);
  const bpp = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(width * height * 4);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? line[x - bpp] : 0, b = prev[x], c = x >= bpp ? prev[x - bpp] : 0;
      let p;
      switch (f) {
        case 0: p = 0; break;
        case 1: p = a; break;
        case 2: p = b; break;
        case 3: p = (a + b) >> 1; break;
        case 4: { const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
                  p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c; break; }
        default: throw new Error('bad PNG filter ' + f);
      }
      line[x] = (line[x] + p) & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      out[o] = line[x * bpp]; out[o + 1] = line[x * bpp + 1]; out[o + 2] = line[x * bpp + 2];
      out[o + 3] = bpp === 4 ? line[x * bpp + 3] : 255;
    }
    prev = line;
  }
  return { width, height, data: out };
}

// Pixels within `tol` (per channel) of rgb inside rect {x, y, w, h}: count and centroid.
export function colorStats(img, rgb, rect = { x: 0, y: 0, w: img.width, h: img.height }, tol = 24) {
  let n = 0, sx = 0, sy = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * img.width + x) * 4;
      if (Math.abs(img.data[o] - rgb[0]) <= tol && Math.abs(img.data[o + 1] - rgb[1]) <= tol &&
          Math.abs(img.data[o + 2] - rgb[2]) <= tol) { n++; sx += x; sy += y; }
    }
  }
  return { count: n, cx: n ? sx / n : NaN, cy: n ? sy / n : NaN };
}

// Fraction of pixels that differ (any channel by more than tol) between two images in rect.
export function diffFraction(a, b, rect, tol = 16) {
  let diff = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * a.width + x) * 4;
      if (Math.abs(a.data[o] - b.data[o]) > tol || Math.abs(a.data[o + 1] - b.data[o + 1]) > tol ||
          Math.abs(a.data[o + 2] - b.data[o + 2]) > tol) diff++;
    }
  }
  return diff / (rect.w * rect.h);
}

// Pixels in rect for which pred(r, g, b) holds.
export function countPixels(img, rect, pred) {
  let n = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++)
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const o = (y * img.width + x) * 4;
      if (pred(img.data[o], img.data[o + 1], img.data[o + 2])) n++;
    }
  return n;
}

// Share of rect that is neither the white view background nor the light grey window background
// (all channels above 240): drawn content.
export function drawnFraction(img, rect) {
  return countPixels(img, rect, (r, g, b) => !(r > 240 && g > 240 && b > 240)) / (rect.w * rect.h);
}
