import * as fs from 'fs';
import * as path from 'path';
import type { SynonymSourceKind } from './types';

/**
 * Maps each source's own score to the probability that a searcher judges the alternative right, learnt
 * from the judged query set (npm run eval -- --fit): isotonic regression (pool adjacent violators) of the
 * good/bad labels on the source score, stored as breakpoints and read by linear interpolation. A source
 * without a table keeps its own score. The catalogue is never recalibrated: its confidence is the
 * curator's, learnt from ratings.
 */
export interface CalibrationTable {
  description?: string;
  fitted_on?: string;
  sources: Partial<Record<SynonymSourceKind, [number, number][]>>;
}

/** Probability of "right" for a source score. */
export function calibrate(table: CalibrationTable | undefined, source: SynonymSourceKind, raw: number): number {
  if (source === 'catalogue') return raw;
  const pts = table?.sources[source];
  if (!pts || pts.length === 0) return raw;
  if (raw <= pts[0][0]) return pts[0][1];
  const last = pts[pts.length - 1];
  if (raw >= last[0]) return last[1];
  for (let i = 1; i < pts.length; i++) {
    if (raw <= pts[i][0]) {
      const [x0, y0] = pts[i - 1];
      const [x1, y1] = pts[i];
      return x1 === x0 ? y1 : y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return last[1];
}

/**
 * Isotonic fit of labels (1 good, 0 bad) on scores, smoothed towards `prior` with `strength` pseudo-labels
 * per block so a block of three labels cannot claim certainty; returns breakpoints (block mean score,
 * block precision), increasing in both.
 */
export function fitIsotonic(points: readonly { x: number; y: number }[], prior = 0.5, strength = 2): [number, number][] {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const blocks: { sx: number; sy: number; n: number }[] = [];
  for (const p of sorted) {
    blocks.push({ sx: p.x, sy: p.y, n: 1 });
    const mean = (b: { sy: number; n: number }) => (b.sy + prior * strength) / (b.n + strength);
    while (blocks.length > 1 && mean(blocks[blocks.length - 2]) >= mean(blocks[blocks.length - 1])) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1];
      a.sx += b.sx;
      a.sy += b.sy;
      a.n += b.n;
    }
  }
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return blocks.map((b) => [r(b.sx / b.n), r((b.sy + prior * strength) / (b.n + strength))]);
}

let cached: CalibrationTable | undefined;
/** The shipped table (data/calibration.json), read once; an empty table when the file is absent. */
export function defaultCalibration(): CalibrationTable {
  if (cached) return cached;
  for (const dir of [path.join(__dirname, 'data'), path.resolve(__dirname, '..', '..', '..', 'src', 'expansion', 'engine', 'data')]) {
    const f = path.join(dir, 'calibration.json');
    if (fs.existsSync(f)) return (cached = JSON.parse(fs.readFileSync(f, 'utf8')) as CalibrationTable);
  }
  return (cached = { sources: {} });
}
