// Serves the functions to a real Inngest server (Cloud or self-hosted `inngest start`).
// Without one, the embedded executor calls the same functions in-process and this route
// answers 404: in that mode the SDK accepts unsigned calls, so it must not be reachable.
import { serve } from "inngest/next";
import { usesInngestServer } from "../../../src/foundation/env.ts";
import { inngest } from "../../../src/jobs/client.ts";
import { functions } from "../../../src/jobs/functions/index.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const notServed = () => Response.json({ error: "not_found", type: "not_found", message: "No route" }, { status: 404 });
const handlers = usesInngestServer() ? serve({ client: inngest, functions }) : { GET: notServed, POST: notServed, PUT: notServed };

export const { GET, POST, PUT } = handlers;
