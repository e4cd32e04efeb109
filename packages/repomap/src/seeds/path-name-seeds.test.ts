import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../query.js';
import { pathNameSeeds } from './path-name-seeds.js';

const paths = [
  'apps/cli/src/commands/budget.ts',
  'apps/cli/src/commands/index.ts',
  'apps/cli/src/commands/map.ts',
  'packages/core/src/index.ts',
  'packages/core/src/render.ts',
  'packages/core/src/utils/index.ts',
  'packages/core/src/utils/strings.ts',
  'packages/core/test/render.test.ts',
];

describe('pathNameSeeds', () => {
  it('seeds the file whose basename is a plain task word', () => {
    const seeds = pathNameSeeds(paths, analyzeQuery('Cap how many entries the map command lists'));
    expect([...seeds.keys()]).toEqual([2]);
  });

  it('weighs basenames by how rare they are in the tree, so common names barely count', () => {
    const seeds = pathNameSeeds(paths, analyzeQuery('index render'));
    const index = seeds.get(1)!;
    const render = seeds.get(4)!;
    expect(render).toBeGreaterThan(index);
    // `render.test.ts` has basename `render` too (extensions after the first dot drop).
    expect(seeds.get(7)).toBe(render);
  });

  it('matches directory segments below a basename match', () => {
    const seeds = pathNameSeeds(paths, analyzeQuery('strings utils'));
    expect(seeds.get(6)!).toBeGreaterThan(seeds.get(5)!);
    expect(seeds.has(3)).toBe(false);
  });

  it('matches a hyphenated file or folder name the task writes as a kebab-case compound', () => {
    const tree = ['src/valkey-cli.c', 'src/cli_common.c', 'tokio-util/src/lib.rs', 'tokio/src/util/mod.rs'];
    const seeds = pathNameSeeds(tree, analyzeQuery('`valkey-cli --cluster-yes` hangs; see `tokio-util` too'));
    expect(seeds.get(0)).toBeGreaterThan(0);
    expect(seeds.get(2)).toBeGreaterThan(0);
    // Its words alone name no file here: `cli` is not a whole segment of `cli_common.c`.
    expect(seeds.has(1)).toBe(false);
  });

  it('ignores stop words and words shorter than three letters', () => {
    expect(pathNameSeeds(['a/is.ts', 'b/the.ts', 'c/other.ts'], analyzeQuery('is the'))).toEqual(new Map());
  });
});
