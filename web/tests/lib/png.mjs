// PNG analysis for the browser test: a decoder for Chromium's screenshots
// and the colour predicates that tell the board's wood, South's pieces and
// the golden cell apart.

import { inflateSync } from 'node:zlib';

// --------------------------------------------------------- PNG analysis
/// Decodes an 8-bit RGB or RGBA, non-interlaced PNG (Chromium's screenshots).
export function decodePng(buffer) {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    const chunk = buffer.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = chunk.readUInt32BE(0);
      height = chunk.readUInt32BE(4);
      const [depth, colour, , , interlace] = chunk.subarray(8, 13);
      channels = { 2: 3, 6: 4 }[colour];
      if (depth !== 8 || !channels || interlace) throw new Error('unexpected PNG format');
    } else if (type === 'IDAT') {
      data.push(chunk);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    /// The mean colour of the (2r+1)² pixels around (x, y), in CSS pixels × scale.
    mean(x, y, r = 3) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let j = y - r; j <= y + r; j += 1) {
        for (let i = x - r; i <= x + r; i += 1) {
          if (i < 0 || j < 0 || i >= width || j >= height) continue;
          for (let k = 0; k < 3; k += 1) sum[k] += pixels[j * stride + i * channels + k];
          n += 1;
        }
      }
      return sum.map((s) => s / Math.max(n, 1));
    },
    /// The share of the pixels of a 160×90 grid whose colour passes `test`.
    share(test) {
      let n = 0;
      for (let j = 0; j < 90; j += 1) {
        for (let i = 0; i < 160; i += 1) {
          const p = (Math.floor(((j + 0.5) * height) / 90) * width + Math.floor(((i + 0.5) * width) / 160)) * channels;
          if (test([pixels[p], pixels[p + 1], pixels[p + 2]])) n += 1;
        }
      }
      return n / (160 * 90);
    },
    /// The share of the pixels of the rectangle (x, y, w, h) whose colour
    /// passes `test`.
    shareIn(x, y, w, h, test) {
      let n = 0;
      let all = 0;
      for (let j = Math.max(0, y); j < Math.min(height, y + h); j += 1) {
        for (let i = Math.max(0, x); i < Math.min(width, x + w); i += 1) {
          const p = (j * width + i) * channels;
          if (test([pixels[p], pixels[p + 1], pixels[p + 2]])) n += 1;
          all += 1;
        }
      }
      return n / Math.max(all, 1);
    },
    /// The standard deviation of the grey levels on a 40×40 grid.
    contrast() {
      const greys = [];
      for (let j = 0; j < 40; j += 1) {
        for (let i = 0; i < 40; i += 1) {
          const p = (Math.floor(((j + 0.5) * height) / 40) * width + Math.floor(((i + 0.5) * width) / 40)) * channels;
          greys.push((pixels[p] + pixels[p + 1] + pixels[p + 2]) / 3);
        }
      }
      const mean = greys.reduce((a, b) => a + b, 0) / greys.length;
      return Math.sqrt(greys.reduce((a, g) => a + (g - mean) ** 2, 0) / greys.length);
    },
  };
}

/// The board's lit wood (about [205, 155, 105]): green and blue in the
/// proportions of a warm brown (the gold cell and South's colour are more
/// saturated, the table and the sky darker or bluer).
export function isWood([r, g, b]) {
  return r > 110 && g > 0.6 * r && g < 0.9 * r && b > 0.3 * r && b < 0.7 * r;
}

/// South's vermillion or red (both palettes): strongly saturated red-orange.
export function isSouth([r, g, b]) {
  return r > 120 && g < 0.6 * r && b < 0.4 * r;
}

/// Shares of a screenshot's pixels below which the board or South's pieces
/// are not in view (every screenshot of this test shows the board).
/// Measured on this test's screenshots: wood 10–25 %, South 0.3–4 %; a
/// settings screen without the board: wood 0.07 %, South 0 %.
export const MIN_WOOD = 0.05;
export const MIN_SOUTH = 0.002;

/// Bright and strongly saturated towards orange-yellow (the board's wood is not).
export function isGold([r, g, b]) {
  return r > 180 && g > 110 && g < r && b < g && (r - b) / r > 0.6;
}
