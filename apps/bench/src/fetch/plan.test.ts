import { describe, expect, it } from 'vitest';
import type { BenchInput } from './inputs.js';
import {
  type DatasetState,
  type FetchFacts,
  type FetchRequest,
  type NpmState,
  pathsToProbe,
  planFetch,
} from './plan.js';

const PYTHON: BenchInput = { kind: 'debian', package: 'python3.11', path: '/usr/lib/python3.11' };
const GO: BenchInput = { kind: 'debian', package: 'golang-1.19-src', path: '/usr/share/go-1.19/src' };
const RUST: BenchInput = { kind: 'debian', package: 'rust-src', path: '/usr/src/rustc-1.63.0' };
const GCLOUD: BenchInput = {
  kind: 'debian',
  package: 'google-cloud-cli',
  path: '/usr/lib/google-cloud-sdk',
  aptSource: "Google Cloud's apt repository",
};
const SKILLS: BenchInput = {
  kind: 'git',
  repo: 'anthropics/skills',
  path: '/tmp/skillbench/anthropic-skills',
};
const TRIGGERING: BenchInput = {
  kind: 'git',
  repo: 'obra/superpowers',
  path: '/tmp/skillbench/superpowers-triggering',
  ref: '8611a4ea^',
};
const DEV: BenchInput = { kind: 'dataset', file: '../shared/data/dev.json' };
const DEV_FILE = '/work/shared/data/dev.json';

function request(benches: FetchRequest['benches'], extra: Partial<FetchRequest> = {}): FetchRequest {
  return { benches, workspaceRoot: '/work/repo', defaultDatasetDir: '/cache/bench', root: true, ...extra };
}

function facts(extra: Partial<FetchFacts> = {}): FetchFacts {
  return {
    existing: new Set<string>(),
    npm: new Map<string, NpmState>(),
    mirrors: new Map<string, string>(),
    datasets: new Map<string, DatasetState>(),
    ...extra,
  };
}

describe('planFetch: Debian packages', () => {
  it('installs the missing ones in one apt-get run as root, after reading the package lists', () => {
    const plan = planFetch(
      request([{ name: 'map', inputs: [PYTHON, GO, RUST] }]),
      facts({ existing: new Set(['/usr/lib/python3.11']) }),
    );
    expect(plan.steps.map((step) => [step.status, step.label])).toEqual([
      ['present', 'debian python3.11 /usr/lib/python3.11'],
      ['run', 'debian golang-1.19-src /usr/share/go-1.19/src, rust-src /usr/src/rustc-1.63.0'],
    ]);
    expect(plan.steps[1]!.commands.map((command) => command.argv)).toEqual([
      ['apt-get', 'update'],
      ['apt-get', 'install', '-y', 'golang-1.19-src', 'rust-src'],
    ]);
    expect(plan.steps[1]!.commands[1]!.env).toEqual({ DEBIAN_FRONTEND: 'noninteractive' });
  });

  it('leaves them to the user when not root, with the command to run', () => {
    const [step] = planFetch(request([{ name: 'map', inputs: [GO] }], { root: false }), facts()).steps;
    expect(step!.status).toBe('todo');
    expect(step!.commands).toEqual([]);
    expect(step!.note).toContain('apt-get update && apt-get install -y golang-1.19-src');
  });

  it("never runs apt-get for a package outside Debian's archive", () => {
    const plan = planFetch(request([{ name: 'map', inputs: [GCLOUD, GO] }]), facts());
    expect(plan.steps.map((step) => step.status)).toEqual(['todo', 'run']);
    expect(plan.steps[0]!.note).toContain("Google Cloud's apt repository");
    expect(plan.steps[1]!.commands[1]!.argv).not.toContain('google-cloud-cli');
  });

  it('gives one step to what several benches declare, naming them all', () => {
    const plan = planFetch(
      request([
        { name: 'tokenize', inputs: [PYTHON] },
        { name: 'map', inputs: [PYTHON, GO] },
      ]),
      facts({ existing: new Set(['/usr/lib/python3.11', '/usr/share/go-1.19/src']) }),
    );
    expect(plan.steps.map((step) => [step.label, step.benches])).toEqual([
      ['debian golang-1.19-src /usr/share/go-1.19/src', ['map']],
      ['debian python3.11 /usr/lib/python3.11', ['map', 'tokenize']],
    ]);
  });

  it('plans the same whatever order the benches are named in', () => {
    const benches = [
      { name: 'scan', inputs: [RUST, PYTHON, SKILLS] },
      { name: 'map', inputs: [GO, PYTHON] },
    ];
    const found = facts({ existing: new Set(['/usr/share/go-1.19/src']) });
    expect(planFetch(request([...benches].reverse()), found)).toEqual(planFetch(request(benches), found));
  });
});

describe('planFetch: npm packages', () => {
  const inputs: BenchInput[] = [
    { kind: 'npm', name: 'tiktoken' },
    { kind: 'npm', name: 'zod' },
    { kind: 'npm', name: 'ai' },
    { kind: 'npm', name: 'left-pad' },
  ];
  const npm = new Map<string, NpmState>([
    ['tiktoken', { locked: '1.0.22', installed: '1.0.22' }],
    ['zod', { locked: '4.1.8', installed: '4.0.0' }],
    ['ai', { locked: '6.0.3' }],
  ]);

  it('reports the locked version installed, and installs the lockfile once for the rest', () => {
    const plan = planFetch(request([{ name: 'frameworks', inputs }]), facts({ npm }));
    expect(plan.steps.map((step) => [step.status, step.label])).toEqual([
      ['missing', 'npm left-pad'],
      ['present', 'npm tiktoken@1.0.22'],
      ['run', 'npm ai@6.0.3, zod@4.1.8'],
    ]);
    expect(plan.steps[2]!.commands).toEqual([
      { argv: ['npx', '-y', 'pnpm@10', 'install', '--frozen-lockfile'], cwd: '/work/repo' },
    ]);
    expect(plan.steps[2]!.note).toBe('ai not installed, zod is 4.0.0');
    expect(plan.steps[0]!.note).toContain('devDependencies');
  });
});

describe('planFetch: git repositories', () => {
  it('clones from the network where the bench looks, unless it is there', () => {
    const plan = planFetch(
      request([
        { name: 'skills', inputs: [SKILLS, { ...SKILLS, repo: 'obra/superpowers', path: '/tmp/s' }] },
      ]),
      facts({ existing: new Set(['/tmp/s']) }),
    );
    expect(plan.steps.map((step) => [step.status, step.label])).toEqual([
      ['present', 'git obra/superpowers /tmp/s'],
      ['run', 'git anthropics/skills /tmp/skillbench/anthropic-skills'],
    ]);
    expect(plan.steps[1]!.commands).toEqual([
      {
        argv: [
          'git',
          'clone',
          '--quiet',
          'https://github.com/anthropics/skills.git',
          '/tmp/skillbench/anthropic-skills',
        ],
      },
    ]);
  });

  it('clones from a local mirror instead, matched without case, and into --into', () => {
    const [step] = planFetch(
      request([{ name: 'skills', inputs: [SKILLS] }], { into: '/data' }),
      facts({ mirrors: new Map([['anthropics/skills', '/mirrors/Anthropics+skills/repo']]) }),
    ).steps;
    expect(step!.label).toBe('git anthropics/skills /data/anthropic-skills');
    expect(step!.commands[0]!.argv).toEqual([
      'git',
      'clone',
      '--quiet',
      '/mirrors/Anthropics+skills/repo',
      '/data/anthropic-skills',
    ]);
    expect(step!.note).toBe('from the local mirror /mirrors/Anthropics+skills/repo');
  });

  it('checks a ref out beside the target and moves it into place, clearing an old attempt first', () => {
    const path = '/tmp/skillbench/superpowers-triggering';
    const fresh = planFetch(request([{ name: 'skills', inputs: [TRIGGERING] }]), facts()).steps[0]!;
    expect(fresh.commands.map((command) => command.argv)).toEqual([
      [
        'git',
        'clone',
        '--quiet',
        '--no-checkout',
        'https://github.com/obra/superpowers.git',
        `${path}.partial`,
      ],
      ['git', '-C', `${path}.partial`, 'checkout', '--quiet', '--detach', '8611a4ea^'],
      ['mv', `${path}.partial`, path],
    ]);
    expect(fresh.label).toBe(`git obra/superpowers at 8611a4ea^ ${path}`);
    const retried = planFetch(
      request([{ name: 'skills', inputs: [TRIGGERING] }]),
      facts({ existing: new Set([`${path}.partial`]) }),
    ).steps[0]!;
    expect(retried.commands[0]!.argv).toEqual(['rm', '-rf', `${path}.partial`]);
    expect(retried.commands).toHaveLength(4);
  });
});

describe('planFetch: datasets', () => {
  const dev: DatasetState = {
    tasks: 5,
    repos: [
      {
        repo: 'pallets/flask',
        commits: 2,
        cloned: '/cache/bench/mirrors/pallets+flask/repo',
        missingCommits: 1,
      },
      { repo: 'psf/requests', commits: 2, missingCommits: 0 },
      { repo: 'mwaskom/seaborn', commits: 1 },
    ],
  };

  it('keeps cloned mirrors, links local ones and clones the rest bare', () => {
    const plan = planFetch(
      request([{ name: 'localize', inputs: [DEV] }], { workspaceRoot: '/work/repo' }),
      facts({
        datasets: new Map([[DEV_FILE, dev]]),
        mirrors: new Map([['psf/requests', '/m/psf+requests/repo']]),
      }),
    );
    expect(plan.steps.map((step) => [step.status, step.label])).toEqual([
      ['present', `dataset ${DEV_FILE}`],
      ['run', 'mirror mwaskom/seaborn /cache/bench/mirrors/mwaskom+seaborn/repo'],
      ['present', 'mirror pallets/flask /cache/bench/mirrors/pallets+flask/repo'],
      ['run', 'mirror psf/requests /cache/bench/mirrors/psf+requests/repo'],
    ]);
    expect(plan.steps[0]!.note).toBe('5 tasks in 3 repositories');
    expect(plan.steps[1]!.commands[0]!.argv).toEqual([
      'git',
      'clone',
      '--bare',
      '--quiet',
      'https://github.com/mwaskom/seaborn.git',
      '/cache/bench/mirrors/mwaskom+seaborn/repo',
    ]);
    expect(plan.steps[2]!.note).toBe('lacks 1 of 2 base commits: those tasks are skipped');
    expect(plan.steps[3]!.commands.map((command) => command.argv)).toEqual([
      ['mkdir', '-p', '/cache/bench/mirrors/psf+requests'],
      ['ln', '-s', '/m/psf+requests/repo', '/cache/bench/mirrors/psf+requests/repo'],
    ]);
    expect(plan.steps[3]!.note).toBe('linked to the local mirror /m/psf+requests/repo');
    expect(plan.next).toEqual([
      `pnpm bench localize --data ${DEV_FILE} --repos /cache/bench/repos --mirrors /cache/bench/mirrors`,
    ]);
  });

  it('says a missing data file is missing, and --data replaces the declared one', () => {
    const missing = planFetch(request([{ name: 'localize', inputs: [DEV] }]), facts());
    expect(missing.steps.map((step) => step.status)).toEqual(['missing']);
    expect(missing.next).toEqual([]);
    const other = planFetch(
      request([{ name: 'localize', inputs: [DEV, { kind: 'dataset', file: 'x.json' }] }], {
        data: '/d/other.json',
        into: '/into',
      }),
      facts({ datasets: new Map([['/d/other.json', { tasks: 1, repos: [{ repo: 'a/b', commits: 1 }] }]]) }),
    );
    expect(other.steps.map((step) => step.label)).toEqual([
      'dataset /d/other.json',
      'mirror a/b /into/mirrors/a+b/repo',
    ]);
  });

  it('fetches a repository two datasets share once', () => {
    const second: DatasetState = { tasks: 1, repos: [{ repo: 'PSF/Requests', commits: 1 }] };
    const plan = planFetch(
      request([
        { name: 'localize', inputs: [DEV] },
        { name: 'map-quality', inputs: [{ kind: 'dataset', file: '/other.json' }] },
      ]),
      facts({
        datasets: new Map([
          [DEV_FILE, dev],
          ['/other.json', second],
        ]),
      }),
    );
    const requests = plan.steps.filter((step) => step.label.toLowerCase().includes('psf/requests'));
    expect(requests).toHaveLength(1);
    expect(requests[0]!.benches).toEqual(['localize', 'map-quality']);
    expect(plan.next).toHaveLength(2);
  });
});

describe('pathsToProbe', () => {
  it('names every path the plan depends on, once, sorted', () => {
    expect(
      pathsToProbe(
        request([
          { name: 'a', inputs: [PYTHON, TRIGGERING, DEV] },
          { name: 'b', inputs: [PYTHON] },
        ]),
      ),
    ).toEqual([
      '/tmp/skillbench/superpowers-triggering',
      '/tmp/skillbench/superpowers-triggering.partial',
      '/usr/lib/python3.11',
      DEV_FILE,
    ]);
  });
});

describe('planFetch: nothing declared', () => {
  it('plans no step', () => {
    expect(planFetch(request([{ name: 'budget', inputs: [] }]), facts())).toEqual({ steps: [], next: [] });
  });
});
