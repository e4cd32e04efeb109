import { describe, expect, it } from 'vitest';
import { describeInputs, mirrorFolderName, repoKey } from './inputs.js';

describe('bench inputs', () => {
  it('sums inputs up by kind, each name once', () => {
    expect(describeInputs([])).toBe('nothing');
    expect(
      describeInputs([
        { kind: 'git', repo: 'obra/superpowers', path: '/a' },
        { kind: 'debian', package: 'python3.11', path: '/usr/lib/python3.11' },
        { kind: 'git', repo: 'obra/superpowers', path: '/b', ref: 'v1^' },
        { kind: 'dataset', file: '../shared/data/swebench-dev.json' },
        { kind: 'debian', package: 'python3.11', path: '/usr/lib/python3.11' },
      ]),
    ).toBe('debian python3.11; git obra/superpowers, obra/superpowers at v1^; dataset swebench-dev.json');
  });

  it('names mirror folders as they are laid out and repositories without case', () => {
    expect(mirrorFolderName('psf/requests')).toBe('psf+requests');
    expect(repoKey('FasterXML/jackson-core')).toBe(repoKey('fasterxml/jackson-core'));
  });
});
