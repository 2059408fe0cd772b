// Small formatters of the triage queue.

/** 0.42 → "42%"; no score → "—". */
export function formatConfidence(score: number | null | undefined): string {
  return score === null || score === undefined ? "—" : `${Math.round(score * 100)}%`;
}

/** How long an item has waited, coarse: "just now", "4 min", "3 h", "2 d". */
export function formatAge(createdAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 1000));
  if (seconds < 60) return "just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** Parses the editor's text: a JSON object, or a message a reviewer can act on. */
export function parseOutputObject(text: string): { value: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not valid JSON: ${(error as Error).message}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { error: 'The output must be a JSON object, e.g. { "decision": "pay" }.' };
  }
  return { value: value as Record<string, unknown> };
}
