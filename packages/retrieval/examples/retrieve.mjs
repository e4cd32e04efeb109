// Usage: node examples/retrieve.mjs DIR "question"   (after `npx tsup` in packages/retrieval)
import { createDiskEmbeddingCache, createHashingEmbedder, loadDocuments, retrieve } from '@ctxkit/retrieval';

const [directory = '.', query = 'why do invoice totals round per line?'] = process.argv.slice(2);
const { documents } = await loadDocuments([directory], { root: process.cwd() });
const result = await retrieve({
  query,
  documents,
  ranker: createHashingEmbedder(), // or createHttpEmbedder({ endpoint: 'http://127.0.0.1:11434', model: 'nomic-embed-text' })
  cache: createDiskEmbeddingCache({ dir: '/tmp/ctxkit-example-cache' }),
  maxBytes: 3072,
});

console.log(result.threshold);
for (const candidate of result.candidates.slice(0, 3))
  console.log(candidate.score.toFixed(3), `${candidate.path}:${candidate.lines.join('-')}`, candidate.reason);
process.stdout.write(result.text); // '' when nothing cleared the threshold: nothing is injected
