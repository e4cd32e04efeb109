/** Dot product of two equal-length vectors; the cosine similarity when both are L2-normalised. */
export function dot(left: ArrayLike<number>, right: ArrayLike<number>): number {
  const length = Math.min(left.length, right.length);
  let sum = 0;
  for (let index = 0; index < length; index += 1) sum += (left[index] ?? 0) * (right[index] ?? 0);
  return sum;
}

/** `values` scaled to unit length as a Float32Array; an all-zero vector stays all zero. */
export function normalize(values: ArrayLike<number>): Float32Array {
  let squares = 0;
  for (let index = 0; index < values.length; index += 1) squares += (values[index] ?? 0) ** 2;
  const result = new Float32Array(values.length);
  if (squares === 0) return result;
  const scale = 1 / Math.sqrt(squares);
  for (let index = 0; index < values.length; index += 1) result[index] = (values[index] ?? 0) * scale;
  return result;
}
