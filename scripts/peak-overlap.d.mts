export function peakOverlap(intervals: { start: number; end: number }[]): number;
