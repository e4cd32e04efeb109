import type { Embedder } from './types.js';

/**
 * `embedder.embed(texts)`, refusing an answer that cannot be scored: a missing vector would score
 * 0 and a NaN would compare false against every threshold — both silently wrong. The error names
 * the embedder; retrieve treats it like any embedder failure (the TF-IDF fallback).
 */
export async function embedChecked(embedder: Embedder, texts: readonly string[]): Promise<Float32Array[]> {
  const vectors: unknown = await embedder.embed(texts);
  const name = `embedder "${embedder.id}"`;
  if (!Array.isArray(vectors)) throw new Error(`${name} did not return a list of vectors`);
  if (vectors.length !== texts.length)
    throw new Error(`${name} returned ${vectors.length} vectors for ${texts.length} texts`);
  let length: number | undefined;
  for (const [index, vector] of vectors.entries()) {
    if (
      vector === null ||
      typeof vector !== 'object' ||
      typeof (vector as ArrayLike<number>).length !== 'number'
    )
      throw new Error(`${name} returned no vector for text ${index + 1} of ${texts.length}`);
    const values = vector as ArrayLike<unknown>;
    if (length === undefined) length = values.length;
    else if (values.length !== length)
      throw new Error(`${name} returned vectors of different lengths (${length} and ${values.length})`);
    for (let at = 0; at < values.length; at += 1) {
      const value = values[at];
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new Error(
          `${name} returned ${String(value)} in the vector for text ${index + 1} of ${texts.length}; expected finite numbers`,
        );
    }
  }
  return vectors as Float32Array[];
}
