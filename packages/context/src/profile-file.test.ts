import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfileFile, ProfileFileError, parseProfileFile } from './profile-file.js';

describe('parseProfileFile', () => {
  it('reads a profiles document and fills defaults', () => {
    const profiles = parseProfileFile(
      JSON.stringify({ profiles: [{ name: 'house-model:13b', contextWindow: 65536, sizeB: 13 }] }),
      'models.json',
    );
    expect(profiles).toEqual([
      {
        name: 'house-model:13b',
        family: 'house-model',
        sizeB: 13,
        contextWindow: 65536,
        completionReserve: 2048,
        encoding: 'cl100k_base',
      },
    ]);
  });

  it('reads a document that starts with a byte-order mark', () => {
    const [profile] = parseProfileFile('\uFEFF[{"name":"m","contextWindow":8192}]', 'bom.json');
    expect(profile).toMatchObject({ name: 'm', contextWindow: 8192 });
  });

  it('accepts a bare array', () => {
    const profiles = parseProfileFile('[{"name":"m","contextWindow":8192,"aliases":["m-latest"]}]', 'a.json');
    expect(profiles[0]).toMatchObject({ name: 'm', family: 'm', aliases: ['m-latest'] });
  });

  it.each([
    ['{', 'models.json: not valid JSON'],
    ['{"models": []}', 'models.json: models: unknown field (expected "profiles")'],
    ['{"profiles": {}}', 'models.json: profiles: expected a list of profiles, found an object'],
    [
      '{"profiles": [{"name": "x"}]}',
      'models.json: profiles[0].contextWindow: expected an integer ≥ 1 (tokens), found undefined',
    ],
    [
      '{"profiles": [{"name": "x", "contextWindow": "32k"}]}',
      'models.json: profiles[0].contextWindow: expected an integer ≥ 1 (tokens), found the string "32k"',
    ],
    [
      '{"profiles": [{"name": "x", "contextWindw": 1}]}',
      'models.json: profiles[0].contextWindw: unknown field (expected one of name, family',
    ],
    [
      '{"profiles": [{"name": "x", "contextWindow": 4096, "completionReserve": 4096}]}',
      'models.json: profiles[0].completionReserve: must be smaller than contextWindow (4096), found 4096',
    ],
    [
      '{"profiles": [{"name": "x", "contextWindow": 4096, "encoding": "p50k"}]}',
      'models.json: profiles[0].encoding: expected one of cl100k_base, o200k_base, estimate, found the string "p50k"',
    ],
    ['[1]', 'models.json: [0]: expected an object, found 1'],
  ])('%s fails with a message naming file and field', (text, message) => {
    expect(() => parseProfileFile(text, 'models.json')).toThrow(ProfileFileError);
    expect(() => parseProfileFile(text, 'models.json')).toThrow(message);
  });
});

describe('loadProfileFile', () => {
  it('loads from disk and names a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ctxkit-profiles-'));
    const path = join(dir, 'profiles.json');
    writeFileSync(path, '{"profiles":[{"name":"local-thing","contextWindow":12000}]}');
    expect((await loadProfileFile(path))[0]?.contextWindow).toBe(12000);
    await expect(loadProfileFile(join(dir, 'missing.json'))).rejects.toThrow(
      `${join(dir, 'missing.json')}: no such file`,
    );
  });
});
