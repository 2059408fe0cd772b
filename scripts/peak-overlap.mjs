// Peak overlap of [start, end] intervals (a sweep line); an end and a start at the same
// instant do not overlap. Shared by the benchmark and the tests.
export function peakOverlap(intervals) {
  const points = intervals.flatMap(({ start, end }) => [
    { at: start, delta: 1 },
    { at: end, delta: -1 },
  ]);
  points.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let peak = 0;
  for (const point of points) peak = Math.max(peak, (current += point.delta));
  return peak;
}
