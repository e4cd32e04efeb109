/**
 * A bounded map from pre-token text to its token ids. Source code and prose repeat the same pieces
 * constantly, so most pieces skip byte-pair merging. Two generations approximate LRU at O(1): lookups hit
 * the young map, or promote from the old one; when the young map fills it becomes the old one and the
 * previous old one is dropped. Memory stays at most two generations however long the input.
 */
export class PieceCache {
  private young = new Map<string, number[]>();
  private old = new Map<string, number[]>();

  /** @param generationSize entries per generation. */
  constructor(private readonly generationSize: number) {}

  get(piece: string): number[] | undefined {
    const hit = this.young.get(piece);
    if (hit !== undefined) return hit;
    const promoted = this.old.get(piece);
    if (promoted !== undefined) this.set(piece, promoted);
    return promoted;
  }

  set(piece: string, tokens: number[]): void {
    if (this.young.size >= this.generationSize) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(piece, tokens);
  }

  /** Entries held now (both generations); for tests. */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
