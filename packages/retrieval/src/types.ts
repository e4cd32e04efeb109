/** One document to retrieve from: where it came from and its full text. */
export interface SourceDocument {
  /** Where the text came from, as the caller wants it reported (relative, '/' separators). */
  path: string;
  /** The whole document. */
  text: string;
}

/** A section of a document: the unit that is embedded, scored, kept or dropped. */
export interface Chunk {
  /** The source document's path. */
  path: string;
  /** First line of the chunk in the source, 1-based. */
  startLine: number;
  /** Last line of the chunk in the source, 1-based and inclusive. */
  endLine: number;
  /** The headings the chunk sits under, outermost first (empty for unstructured text). */
  headings: string[];
  /** The chunk's exact source lines, joined with '\n'. */
  text: string;
}

/**
 * Turns texts into vectors. Implementations must be deterministic for a given `id`: the id is
 * part of every cache key, so anything that changes the vectors must change the id.
 */
export interface Embedder {
  /** Identity used in cache keys and reports, e.g. `hash-v1-384` or `openai:nomic-embed-text@…`. */
  readonly id: string;
  /**
   * Length of every vector `embed` returns. An embedder that learns it from its server reports
   * 0 until its first successful call.
   */
  readonly dimension: number;
  /** One L2-normalised vector per input text, in input order. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
