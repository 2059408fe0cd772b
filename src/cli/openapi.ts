// `npm run openapi`: prints the /v1 OpenAPI document without starting the server (client
// generation, linting). The server URL comes from PUBLIC_BASE_URL, as on the running server.
import { apiRouter, apiWebhooks, restRoutes } from "../api-surface.ts";
import { env } from "../foundation/env.ts";
import { openApiDocument } from "../transport/rest/rest-handler.ts";

const settings = env();
const document = openApiDocument({ router: apiRouter, routes: restRoutes, webhooks: apiWebhooks, publicBaseUrl: settings.PUBLIC_BASE_URL ?? `http://localhost:${settings.PORT}` });
process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
