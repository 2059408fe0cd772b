// Serves the jobs to an Inngest server (Cloud or self-hosted `inngest start`) through the
// Inngest adapter (src/jobs/inngest/inngest-adapter.ts). Without one, the local engine runs
// the jobs in-process and this route answers 404: unsigned calls must not reach the jobs.
import { serve } from "inngest/next";
import { usesInngestServer } from "../../../src/foundation/env.ts";
import { jobs } from "../../../src/jobs/functions/index.ts";
import { createInngestClient, inngestFunctions } from "../../../src/jobs/inngest/inngest-adapter.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const notServed = () => Response.json({ error: "not_found", type: "not_found", message: "No route" }, { status: 404 });
const client = usesInngestServer() ? createInngestClient() : null;
const handlers = client ? serve({ client, functions: inngestFunctions(client, jobs) }) : { GET: notServed, POST: notServed, PUT: notServed };

export const { GET, POST, PUT } = handlers;
