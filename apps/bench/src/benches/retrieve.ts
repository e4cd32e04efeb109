import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { compareStrings } from '@ctxkit/internal';
import {
  type Chunk,
  chunkDocument,
  createHashingEmbedder,
  createHttpEmbedder,
  type Embedder,
  type EmbeddingCache,
  measureEmbedderNoise,
  measureTfidfNoise,
  type NoiseDistribution,
  PINNED_CALIBRATIONS,
  type RetrievalResult,
  retrieve,
} from '@ctxkit/retrieval';
import { percent } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { BENCH_ROOT, writeResults } from '../results.js';

const USAGE = `usage: pnpm bench retrieve [--docs DIR]... [--k N] [--max-corpora N] [--endpoint URL --model NAME]

Measures @ctxkit/retrieval on real markdown documentation with mechanically labelled questions:
  every corpus is one project's docs (README.md + docs/**/*.md); every section whose heading is
  unique and has two or more content words becomes two questions whose answer is that section:
    heading   the heading's words; ALL heading lines are removed from the indexed text, so a hit
              must come from the section's body, never from matching its title
    sentence  one sentence of the section's body, removed from the indexed copy of that section
  off-topic   everyday questions no software README answers: nothing should be injected
  cross       heading questions of one project asked of another project's docs (mostly unrelated)

  --docs DIR         a package or docs directory per corpus, or a directory of them
                     (default: every package README under the workspace's node_modules/.pnpm)
  --k N              hits kept per question (default 3)
  --max-corpora N    most corpora to use, in name order (default 80)
  --endpoint, --model  also measure an OpenAI-compatible embedding server
`;

/**
 * Questions about everyday life, written for this bench before any run, to measure how often
 * retrieval injects something when nothing can be relevant. Deliberately not the calibration
 * corpus of @ctxkit/retrieval, so the floors are not judged on the data that set them.
 */
const OFF_TOPIC_QUESTIONS = [
  'how long should a turkey rest after roasting',
  'what is the best time of year to plant tulip bulbs',
  'how do I remove red wine stains from a carpet',
  'which vaccinations does a kitten need in its first year',
  'how many kilometres is a half marathon',
  'what causes the northern lights',
  'how do you tune a guitar to drop D',
  'when did the Berlin Wall fall',
  'how to descale a kettle with vinegar',
  'what is the difference between baking soda and baking powder',
  'how often should I water a cactus in winter',
  'who painted the ceiling of the Sistine Chapel',
  'how do I fold a fitted sheet',
  'what are the symptoms of iron deficiency',
  'how to get a passport renewed quickly',
  'why do cats purr',
  'how deep is the Mariana Trench',
  'what wine goes with grilled salmon',
  'how to fix a squeaky door hinge',
  'what are the rules of cricket leg before wicket',
  'how much sleep does a teenager need',
  'how do I patch a hole in drywall',
  'what is the capital of Mongolia',
  'how to make a paper aeroplane that flies far',
  'when is the best season to visit Iceland',
  'how to treat a bee sting',
  'what is a good beginner yoga routine',
  'how are pearls formed inside oysters',
  'how to cook risotto without stirring constantly',
  'what size bike frame do I need for my height',
  'how do tax brackets work for a second job',
  'why is the sky blue at noon and red at sunset',
  'how to train for a first triathlon',
  'what is the plot of Pride and Prejudice',
  'how long do fresh eggs keep in the fridge',
  'how to read a knitting pattern abbreviation',
  'what should I pack for a week of hiking in the Alps',
  'how to stop a baby from crying at night',
  'what is the boiling point of water at high altitude',
  'how to choose a ripe avocado at the market',
];

/** One question with the chunks that answer it. */
interface LabelledQuery {
  kind: 'heading' | 'sentence';
  corpus: string;
  query: string;
  /** Indexes of relevant chunks in the corpus. */
  relevant: number[];
  /** For sentence questions: the chunk the sentence was taken out of, and its text without it. */
  heldOut?: { index: number; text: string };
}

/** One project's docs, chunked, with every heading removed from the indexed text. */
interface Corpus {
  name: string;
  chunks: Chunk[];
  queries: LabelledQuery[];
}

/** Aggregated quality of one ranker. */
interface RankerQuality {
  ranker: string;
  /** How the threshold was set: the calibrated floor (plus corpus baseline), or a fixed minScore. */
  threshold: string;
  onTopic: Record<'heading' | 'sentence', QueryKindQuality>;
  offTopicSilence: number;
  crossSilence: number;
  offTopicQueries: number;
  crossQueries: number;
}

interface QueryKindQuality {
  queries: number;
  /** Relevant chunks among the top k of the raw ranking, over k (no threshold). */
  rankedPrecisionAtK: number;
  /** Share of questions with a relevant chunk in the raw top k (no threshold). */
  rankedRecallAtK: number;
  /** Share of questions for which something was injected. */
  answered: number;
  /** Relevant hits over injected hits, over questions that injected anything. */
  injectedPrecisionAtK: number;
  /** Share of questions that injected anything whose first hit is relevant. */
  injectedPrecisionAt1: number;
  /** Share of questions whose injected hits include a relevant chunk. */
  injectedRecallAtK: number;
}

const DOC_EXTENSIONS = /\.(?:md|markdown)$/i;
const MAX_DOC_FILES = 40;
const MIN_SECTION_BODY_BYTES = 200;
const MIN_SENTENCE_WORDS = 6;
const MAX_RELEVANT_SHARE = 0.25;

/** `pnpm bench retrieve`: precision@k / recall@k and silence on off-topic questions, hashing vs TF-IDF. */
export const retrieveBench: Bench = {
  usage: USAGE,
  description: 'retrieval quality on real docs: precision@k, recall@k, silence when nothing is relevant',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        docs: { type: 'string', multiple: true },
        k: { type: 'string', default: '3' },
        'max-corpora': { type: 'string', default: '80' },
        endpoint: { type: 'string' },
        model: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      process.stdout.write(USAGE);
      return 0;
    }
    const k = Number(values.k);
    const maxCorpora = Number(values['max-corpora']);
    const packageDirectories = discoverPackages(values.docs ?? [defaultDocsRoot()]).slice(0, maxCorpora * 3);
    const corpora = packageDirectories
      .map(buildCorpus)
      .filter((corpus): corpus is Corpus => corpus !== undefined)
      .slice(0, maxCorpora);
    if (corpora.length === 0) {
      process.stderr.write(`bench retrieve: no usable markdown corpora found\n${USAGE}`);
      return 2;
    }
    const rankers: { name: string; ranker: Embedder | 'tfidf'; minScore?: number }[] = [
      { name: 'hash', ranker: createHashingEmbedder() },
      { name: 'tfidf', ranker: 'tfidf' },
      // The guessed threshold that calibration replaced: how much noise would it inject?
      { name: 'hash, old fixed 0.02', ranker: createHashingEmbedder(), minScore: 0.02 },
    ];
    if (values.endpoint && values.model)
      rankers.push({
        name: `http ${values.model}`,
        ranker: createHttpEmbedder({ endpoint: values.endpoint, model: values.model }),
      });

    const cache = memoryCache();
    const qualities: RankerQuality[] = [];
    for (const entry of rankers) qualities.push(await evaluate(entry, corpora, k, cache));
    const noise = {
      hash: await measureEmbedderNoise(createHashingEmbedder()),
      tfidf: measureTfidfNoise(),
    };
    const totals = {
      corpora: corpora.length,
      chunks: corpora.reduce((sum, corpus) => sum + corpus.chunks.length, 0),
      headingQueries: countKind(corpora, 'heading'),
      sentenceQueries: countKind(corpora, 'sentence'),
      offTopicQueries: corpora.length * OFF_TOPIC_QUESTIONS.length,
    };
    printSummary(qualities, noise, totals, k);
    const path = writeResults({
      bench: 'retrieve',
      machine: machineInfo(),
      k,
      totals,
      noise,
      pinned: PINNED_CALIBRATIONS,
      rankers: qualities,
      corpora: corpora.map((corpus) => ({
        name: corpus.name,
        chunks: corpus.chunks.length,
        queries: corpus.queries.length,
      })),
      report: reportSection(qualities, totals, k),
    });
    process.stdout.write(`results: ${relative(process.cwd(), path)}\n`);
    return 0;
  },
};

function defaultDocsRoot(): string {
  return join(BENCH_ROOT, '..', '..', 'node_modules', '.pnpm');
}

/**
 * Package directories under the given roots: a directory with a README.md is one package; a pnpm
 * store (`.pnpm/<name>@<version>/node_modules/<name>`) yields each package once, symlinks skipped.
 */
function discoverPackages(roots: readonly string[]): string[] {
  const found = new Map<string, string>();
  for (const root of roots) {
    if (!existsSync(root)) continue;
    if (existsSync(join(root, 'README.md'))) {
      found.set(root, root);
      continue;
    }
    for (const entry of readdirSync(root).sort()) {
      const modules = join(root, entry, 'node_modules');
      if (existsSync(modules)) {
        // pnpm layout: the package itself is the one non-symlink directory under node_modules.
        for (const name of readdirSync(modules).sort()) {
          const candidates = name.startsWith('@')
            ? readdirSync(join(modules, name)).map((inner) => join(modules, name, inner))
            : [join(modules, name)];
          for (const candidate of candidates) {
            if (lstatSync(candidate).isSymbolicLink() || !existsSync(join(candidate, 'README.md'))) continue;
            found.set(relative(modules, candidate), candidate);
          }
        }
      } else if (existsSync(join(root, entry, 'README.md'))) found.set(entry, join(root, entry));
    }
  }
  return [...found.entries()].sort(([left], [right]) => compareStrings(left, right)).map(([, path]) => path);
}

function markdownFiles(directory: string): string[] {
  const files = [join(directory, 'README.md')];
  const docs = join(directory, 'docs');
  if (existsSync(docs))
    for (const entry of readdirSync(docs, { recursive: true, withFileTypes: true }))
      if (entry.isFile() && DOC_EXTENSIONS.test(entry.name)) files.push(join(entry.parentPath, entry.name));
  return files.sort().slice(0, MAX_DOC_FILES);
}

function buildCorpus(directory: string): Corpus | undefined {
  const name = directory.includes('node_modules')
    ? directory.slice(directory.lastIndexOf('node_modules') + 'node_modules/'.length)
    : directory;
  const original: Chunk[] = [];
  for (const file of markdownFiles(directory)) {
    const text = readFileSync(file, 'utf8');
    original.push(...chunkDocument({ path: relative(directory, file), text }));
  }
  // Held out: every heading line and every breadcrumb, so no question can match its own title.
  const chunks = original
    .map((chunk) => ({ ...chunk, headings: [], text: stripHeadingLine(chunk) }))
    .filter((chunk) => chunk.text.trim() !== '');
  const kept = original.filter((chunk) => stripHeadingLine(chunk).trim() !== '');
  const headingCounts = new Map<string, number>();
  for (const chunk of kept) {
    const heading = chunk.headings.at(-1);
    if (heading !== undefined && startsWithOwnHeading(chunk)) {
      const key = normaliseHeading(heading);
      headingCounts.set(key, (headingCounts.get(key) ?? 0) + 1);
    }
  }
  const queries: LabelledQuery[] = [];
  kept.forEach((chunk, index) => {
    const heading = chunk.headings.at(-1);
    if (heading === undefined || !startsWithOwnHeading(chunk)) return;
    const query = normaliseHeading(heading);
    if (headingCounts.get(query) !== 1 || query.split(' ').filter((word) => word.length > 2).length < 2)
      return;
    const path = chunk.headings;
    const relevant = kept
      .map((other, otherIndex) => ({ other, otherIndex }))
      .filter(
        ({ other }) =>
          other.path === chunk.path && path.every((title, depth) => other.headings[depth] === title),
      )
      .map(({ otherIndex }) => otherIndex);
    // A document's title "section" spans most of it: not a question with a findable answer.
    if (relevant.length > chunks.length * MAX_RELEVANT_SHARE) return;
    const body = chunks[index]!.text;
    if (Buffer.byteLength(body) < MIN_SECTION_BODY_BYTES) return;
    queries.push({ kind: 'heading', corpus: name, query, relevant });
    const sentence = pickSentence(body);
    if (sentence)
      queries.push({
        kind: 'sentence',
        corpus: name,
        query: sentence,
        relevant,
        heldOut: { index, text: body.replace(sentence, ' ') },
      });
  });
  if (chunks.length < 8 || queries.filter((query) => query.kind === 'heading').length < 3) return undefined;
  return { name, chunks, queries };
}

function startsWithOwnHeading(chunk: Chunk): boolean {
  return chunk.text !== stripHeadingLine(chunk);
}

function stripHeadingLine(chunk: Chunk): string {
  const lines = chunk.text.split('\n');
  if (/^ {0,3}#{1,6}(?:\s|$)/.test(lines[0] ?? '')) return lines.slice(1).join('\n');
  if (
    lines.length > 1 &&
    /^ {0,3}(?:=+|-+)\s*$/.test(lines[1] ?? '') &&
    chunk.headings.at(-1) === lines[0]?.trim()
  )
    return lines.slice(2).join('\n');
  return chunk.text;
}

// Markdown decoration and punctuation are not words a person would type.
function normaliseHeading(heading: string): string {
  return heading
    .replace(/<[^>]*>/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toLowerCase();
}

function pickSentence(body: string): string | undefined {
  const prose = body
    .replace(/```[\s\S]*?```/g, ' ')
    .split('\n')
    .filter((line) => !/^\s*(?:[|>]|<|!\[|\s{4})/.test(line))
    .join(' ');
  for (const match of prose.matchAll(/[^.!?]+[.!?](?=\s|$)/g)) {
    const sentence = match[0].trim();
    if (
      sentence.split(/\s+/).filter((word) => /^[\p{L}]{3,}/u.test(word)).length >= MIN_SENTENCE_WORDS &&
      body.includes(sentence)
    )
      return sentence;
  }
  return undefined;
}

function countKind(corpora: readonly Corpus[], kind: LabelledQuery['kind']): number {
  return corpora.reduce(
    (sum, corpus) => sum + corpus.queries.filter((query) => query.kind === kind).length,
    0,
  );
}

function memoryCache(): EmbeddingCache {
  const entries = new Map<string, Float32Array>();
  return {
    get: async (embedderId, hash) => entries.get(`${embedderId}\u0000${hash}`),
    set: async (embedderId, hash, vector) => {
      entries.set(`${embedderId}\u0000${hash}`, vector);
    },
  };
}

async function evaluate(
  entry: { name: string; ranker: Embedder | 'tfidf'; minScore?: number },
  corpora: readonly Corpus[],
  k: number,
  cache: EmbeddingCache,
): Promise<RankerQuality> {
  const run = (query: string, chunks: Chunk[]) =>
    retrieve({
      query,
      chunks,
      ranker: entry.ranker,
      cache: entry.ranker === 'tfidf' ? undefined : cache,
      minScore: entry.minScore,
      maxHits: k,
      // Quality is measured without the byte budget; the budget is a separate, tested mechanism.
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
  const outcomes: Record<'heading' | 'sentence', Outcome[]> = { heading: [], sentence: [] };
  let offTopicSilent = 0;
  let crossSilent = 0;
  let crossQueries = 0;
  let floor = 0;
  for (const [corpusIndex, corpus] of corpora.entries()) {
    for (const query of corpus.queries) {
      const chunks = query.heldOut
        ? corpus.chunks.map((chunk, index) =>
            index === query.heldOut!.index ? { ...chunk, text: query.heldOut!.text } : chunk,
          )
        : corpus.chunks;
      const result = await run(query.query, chunks);
      floor = result.threshold.floor;
      outcomes[query.kind].push(judge(result, chunks, query.relevant, k));
    }
    for (const question of OFF_TOPIC_QUESTIONS)
      if ((await run(question, corpus.chunks)).hits.length === 0) offTopicSilent += 1;
    // Cross-project: the next corpus's heading questions asked of this one.
    const other = corpora[(corpusIndex + 1) % corpora.length]!;
    if (other !== corpus)
      for (const query of other.queries.filter((candidate) => candidate.kind === 'heading')) {
        crossQueries += 1;
        if ((await run(query.query, corpus.chunks)).hits.length === 0) crossSilent += 1;
      }
  }
  return {
    ranker: entry.name,
    threshold:
      entry.minScore === undefined ? `floor ${floor.toFixed(2)} + baseline` : `fixed ${entry.minScore}`,
    onTopic: { heading: summarise(outcomes.heading, k), sentence: summarise(outcomes.sentence, k) },
    offTopicSilence: offTopicSilent / (corpora.length * OFF_TOPIC_QUESTIONS.length),
    crossSilence: crossQueries === 0 ? 0 : crossSilent / crossQueries,
    offTopicQueries: corpora.length * OFF_TOPIC_QUESTIONS.length,
    crossQueries,
  };
}

interface Outcome {
  rankedRelevant: number;
  injected: number;
  injectedRelevant: number;
  firstInjectedRelevant: boolean;
}

function judge(
  result: RetrievalResult,
  chunks: readonly Chunk[],
  relevant: readonly number[],
  k: number,
): Outcome {
  const keyOf = (path: string, start: number) => `${path}:${start}`;
  const relevantKeys = new Set(relevant.map((index) => keyOf(chunks[index]!.path, chunks[index]!.startLine)));
  const isRelevant = (candidate: { path: string; lines: [number, number] }) =>
    relevantKeys.has(keyOf(candidate.path, candidate.lines[0]));
  return {
    rankedRelevant: result.candidates.slice(0, k).filter(isRelevant).length,
    injected: result.hits.length,
    injectedRelevant: result.hits.filter(isRelevant).length,
    firstInjectedRelevant: result.hits[0] !== undefined && isRelevant(result.hits[0]),
  };
}

function summarise(outcomes: readonly Outcome[], k: number): QueryKindQuality {
  const answered = outcomes.filter((outcome) => outcome.injected > 0);
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    queries: outcomes.length,
    rankedPrecisionAtK: mean(outcomes.map((outcome) => outcome.rankedRelevant / k)),
    rankedRecallAtK: mean(outcomes.map((outcome) => (outcome.rankedRelevant > 0 ? 1 : 0))),
    answered: outcomes.length === 0 ? 0 : answered.length / outcomes.length,
    injectedPrecisionAtK: mean(answered.map((outcome) => outcome.injectedRelevant / outcome.injected)),
    injectedPrecisionAt1: mean(answered.map((outcome) => (outcome.firstInjectedRelevant ? 1 : 0))),
    injectedRecallAtK: mean(outcomes.map((outcome) => (outcome.injectedRelevant > 0 ? 1 : 0))),
  };
}

function printSummary(
  qualities: readonly RankerQuality[],
  noise: Record<'hash' | 'tfidf', NoiseDistribution>,
  totals: Record<string, number>,
  k: number,
): void {
  const out = process.stdout;
  out.write(
    `retrieve: ${totals.corpora} corpora, ${totals.chunks} chunks, ${totals.headingQueries} heading + ${totals.sentenceQueries} sentence questions, ${totals.offTopicQueries} off-topic\n`,
  );
  for (const [name, distribution] of Object.entries(noise))
    out.write(
      `noise ${name}: median ${distribution.median.toFixed(3)}  p99 ${distribution.p99.toFixed(3)}  max ${distribution.max.toFixed(3)} over ${distribution.pairs} unrelated pairs\n`,
    );
  out.write(
    `\n${'ranker'.padEnd(22)} ${'kind'.padEnd(9)} ${`P@${k} rank`.padStart(9)} ${`R@${k} rank`.padStart(9)} ${'answered'.padStart(9)} ${'P@1 inj'.padStart(9)} ${`P@${k} inj`.padStart(9)} ${`R@${k} inj`.padStart(9)}\n`,
  );
  for (const quality of qualities) {
    for (const kind of ['heading', 'sentence'] as const) {
      const row = quality.onTopic[kind];
      out.write(
        `${quality.ranker.padEnd(22)} ${kind.padEnd(9)} ${percent(row.rankedPrecisionAtK).padStart(9)} ${percent(row.rankedRecallAtK).padStart(9)} ${percent(row.answered).padStart(9)} ${percent(row.injectedPrecisionAt1).padStart(9)} ${percent(row.injectedPrecisionAtK).padStart(9)} ${percent(row.injectedRecallAtK).padStart(9)}\n`,
      );
    }
  }
  out.write(
    `\n${'ranker'.padEnd(22)} ${'threshold'.padEnd(22)} ${'off-topic silent'.padStart(17)} ${'cross-project silent'.padStart(21)}\n`,
  );
  for (const quality of qualities)
    out.write(
      `${quality.ranker.padEnd(22)} ${quality.threshold.padEnd(22)} ${percent(quality.offTopicSilence).padStart(17)} ${percent(quality.crossSilence).padStart(21)}\n`,
    );
}

function reportSection(
  qualities: readonly RankerQuality[],
  totals: Record<string, number>,
  k: number,
): ReportSection {
  const byName = new Map(qualities.map((quality) => [quality.ranker, quality]));
  const hash = byName.get('hash')!;
  const tfidf = byName.get('tfidf')!;
  return {
    title: 'Retrieval: calibrated thresholds on real docs',
    headline: [
      {
        label: `hash injected P@${k} (sentence)`,
        value: percent(hash.onTopic.sentence.injectedPrecisionAtK),
      },
      {
        label: `TF-IDF injected P@${k} (sentence)`,
        value: percent(tfidf.onTopic.sentence.injectedPrecisionAtK),
      },
      { label: 'off-topic questions with nothing injected (hash)', value: percent(hash.offTopicSilence) },
      {
        label: 'off-topic silence at the old fixed 0.02',
        value: percent(byName.get('hash, old fixed 0.02')!.offTopicSilence),
      },
    ],
    tables: [
      {
        title: `On-topic questions (${totals.headingQueries} heading, ${totals.sentenceQueries} sentence) over ${totals.corpora} projects' docs`,
        columns: [
          'ranker',
          'question',
          `P@${k} ranked`,
          `R@${k} ranked`,
          'answered',
          'P@1 injected',
          `P@${k} injected`,
          `R@${k} injected`,
        ],
        rows: qualities.flatMap((quality) =>
          (['heading', 'sentence'] as const).map((kind) => {
            const row = quality.onTopic[kind];
            return [
              quality.ranker,
              kind,
              percent(row.rankedPrecisionAtK),
              percent(row.rankedRecallAtK),
              percent(row.answered),
              percent(row.injectedPrecisionAt1),
              percent(row.injectedPrecisionAtK),
              percent(row.injectedRecallAtK),
            ];
          }),
        ),
      },
      {
        title: 'Nothing injected when nothing is relevant',
        columns: ['ranker', 'threshold', 'off-topic silent', 'cross-project silent'],
        rows: qualities.map((quality) => [
          quality.ranker,
          quality.threshold,
          percent(quality.offTopicSilence),
          percent(quality.crossSilence),
        ]),
      },
    ],
    charts: [
      {
        kind: 'bar',
        title: 'Precision of what is injected vs silence on off-topic questions',
        unit: 'share',
        categories: qualities.map((quality) => quality.ranker),
        series: [
          {
            name: `P@${k} injected (sentence)`,
            values: qualities.map((quality) => quality.onTopic.sentence.injectedPrecisionAtK),
          },
          { name: 'off-topic silent', values: qualities.map((quality) => quality.offTopicSilence) },
        ],
      },
    ],
  };
}
