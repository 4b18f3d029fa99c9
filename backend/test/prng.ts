/**
 * mulberry32: a small deterministic pseudo-random generator for tests that draw random cases (fuzzing, random write
 * sequences), so a failing sequence can be replayed from its seed. Answers a function giving floats in [0, 1).
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
