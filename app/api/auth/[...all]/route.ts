// Dashboard sign-in, sign-out and session routes (better-auth, src/domains/auth/session-auth.ts).
import { toNextJsHandler } from "better-auth/next-js";
import { sessionAuth } from "../../../../src/domains/auth/session-auth.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handle = (request: Request) => sessionAuth().handler(request);

export const { GET, POST } = toNextJsHandler(handle);
