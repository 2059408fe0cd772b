// GET /docs/scalar.js: Scalar's browser bundle from the installed package (no CDN).
import { serveScalarBundle } from "../../../src/transport/docs/api-reference.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = serveScalarBundle;
