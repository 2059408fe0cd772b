// The interactive API reference at /docs: Scalar's page around the live /v1/openapi.json.
// Scalar's browser bundle is served by this service from the installed
// @scalar/api-reference package (GET /docs/scalar.js), never from a CDN: the page works
// with no internet access, and nothing it loads leaves this origin.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { ApiReference } from "@scalar/nextjs-api-reference";

export const SCALAR_BUNDLE_PATH = "/docs/scalar.js";

export const renderApiReferencePage = ApiReference({
  url: "/v1/openapi.json",
  cdn: SCALAR_BUNDLE_PATH,
  pageTitle: "Agent Workforce API reference",
  // The dashboard's icon: without one the browser asks for /favicon.ico (a 404 in its console).
  favicon: "/icon.svg",
  // Each of these would otherwise reach a Scalar host from the reader's browser.
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
});

let bundle: Promise<string> | undefined;

/** The standalone bundle (script + styles, ~3.5 MB) of the installed package, read once. */
function loadBundle(): Promise<string> {
  bundle ??= readFile(bundleFile(), "utf8").catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
}

function bundleFile(): string {
  // The package's exports do not list dist/browser: resolve its entry (dist/index.js) from
  // the project root at run time and take the bundle beside it.
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.join(path.dirname(require.resolve("@scalar/api-reference")), "browser", "standalone.js");
}

// Sent uncompressed: Next drops a route handler's Content-Encoding header, and the custom
// server does not compress. Browsers cache it for an hour.
export async function serveScalarBundle(): Promise<Response> {
  return new Response(await loadBundle(), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
