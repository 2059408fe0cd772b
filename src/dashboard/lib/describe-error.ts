// The one place the dashboard turns a failed call into the sentence it shows (ErrorMessage).

type TTypedErrorBody = { type?: string; message?: string; request_id?: string; issues?: { path: string; message: string }[] };

/**
 * The message of a tRPC error carrying our typed error body (src/foundation/errors.ts), each
 * problem said once: the server's message already names the first issue ("Invalid url: must
 * be an https:// URL (and 1 more)"), so only the issues it does not name are added.
 */
export function describeError(error: unknown): { type?: string; message: string; requestId?: string } {
  const body = (error as { data?: { body?: TTypedErrorBody } })?.data?.body;
  if (body?.message) {
    const said = body.message;
    const unnamed = (body.issues ?? []).filter(
      (issue, index) => !(index === 0 && said.includes(issue.message)) && !said.includes(`${issue.path}: ${issue.message}`),
    );
    const message = unnamed.length
      ? `${said.replace(/ \(and \d+ more\)$/, "")}; ${unnamed.map((issue) => `${issue.path ? `${issue.path}: ` : ""}${issue.message}`).join("; ")}`
      : said;
    return { type: body.type, message, requestId: body.request_id };
  }
  if (error instanceof Error) return { message: error.message };
  return { message: "Something went wrong. Try again." };
}
