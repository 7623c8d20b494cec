import * as fs from 'fs';
import * as path from 'path';

/** Where the engine's data files may be: beside this module (src, or dist with copied assets), or in src from dist. */
const DATA_DIRS = [
  path.join(__dirname, 'data'), // src via ts-jest/ts-node, or dist after `nest build` copied the assets
  path.resolve(__dirname, '..', '..', '..', 'src', 'expansion', 'engine', 'data'), // dist without copied assets
];

/** Path of a shipped data file (data/<name>), or undefined when no data directory holds it. */
export function findDataFile(name: string): string | undefined {
  for (const dir of DATA_DIRS) {
    const f = path.join(dir, name);
    if (fs.existsSync(f)) return f;
  }
  return undefined;
}

/** Path of a shipped data file; throws naming the places looked in when it is missing. */
export function dataFile(name: string): string {
  const f = findDataFile(name);
  if (!f) throw new Error(`expansion data file ${name} not found (looked in ${DATA_DIRS.join(', ')})`);
  return f;
}
