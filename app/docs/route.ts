// GET /docs: the interactive API reference (Scalar) for /v1/openapi.json.
import { renderApiReferencePage } from "../../src/transport/docs/api-reference.ts";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = renderApiReferencePage;
