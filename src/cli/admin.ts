// `npm run admin -- <command> [--json]`: bootstraps tenants without the dashboard. Works
// whether or not the server runs (same database, embedded or not); applies pending
// migrations first, like the server.
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseScopeList } from "../auth/scopes.ts";
import { startDatabase } from "../db/bootstrap.ts";
import { env, InvalidEnvironmentError } from "../env.ts";
import { AppError, toAppError } from "../http/errors.ts";
import {
  createApiKey,
  createMember,
  createOrganization,
  revokeApiKey,
  setPlan,
  topUpCredits,
} from "../organizations/organizations.service.ts";

const ZPlan = z.enum(["starter", "pro", "team", "growth", "enterprise"]);
const ZRole = z.enum(["admin", "reviewer", "viewer"]);
const ZUuid = z.uuid();

const USAGE = `Usage: npm run admin -- <command> [options] [--json]

  create-org     --name N --plan starter|pro|team|growth|enterprise
  create-member  --org ID --email E --name N --role admin|reviewer|viewer --password P
  create-key     --org ID [--member EMAIL] --name N --scopes a:b,c:d|all --mode live|test [--expires ISO8601]
  revoke-key     --id ID
  set-plan       --org ID --plan P
  topup          --org ID --credits N`;

type TOptions = Record<string, string | boolean | undefined>;

function required(options: TOptions, name: string): string {
  const value = options[name];
  if (typeof value !== "string" || value.trim() === "") throw new AppError("validation_error", `--${name} is required`, { issues: [{ path: name, message: "required" }] });
  return value;
}

const COMMANDS: Record<string, (options: TOptions) => Promise<unknown>> = {
  "create-org": (o) => createOrganization({ name: required(o, "name"), plan: ZPlan.parse(required(o, "plan")) }),
  "create-member": (o) =>
    createMember({
      organizationId: ZUuid.parse(required(o, "org")),
      email: z.email().parse(required(o, "email")),
      name: required(o, "name"),
      role: ZRole.parse(required(o, "role")),
      password: z.string().min(8, "password must have at least 8 characters").parse(required(o, "password")),
    }),
  "create-key": (o) =>
    createApiKey({
      organizationId: ZUuid.parse(required(o, "org")),
      memberEmail: typeof o.member === "string" ? o.member : undefined,
      name: required(o, "name"),
      scopes: parseScopeList(required(o, "scopes")),
      mode: z.enum(["live", "test"]).parse(required(o, "mode")),
      expiresAt: typeof o.expires === "string" ? new Date(z.iso.datetime({ offset: true }).parse(o.expires)) : undefined,
    }),
  "revoke-key": (o) => revokeApiKey({ apiKeyId: ZUuid.parse(required(o, "id")) }),
  "set-plan": (o) => setPlan({ organizationId: ZUuid.parse(required(o, "org")), plan: ZPlan.parse(required(o, "plan")) }),
  topup: (o) =>
    topUpCredits({ organizationId: ZUuid.parse(required(o, "org")), credits: z.coerce.number().int().positive().parse(required(o, "credits")) }),
};

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: "boolean" },
      name: { type: "string" },
      plan: { type: "string" },
      org: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      member: { type: "string" },
      scopes: { type: "string" },
      mode: { type: "string" },
      expires: { type: "string" },
      id: { type: "string" },
      credits: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = COMMANDS[positionals[0] ?? ""];
  if (!command || values.help) {
    process.stderr.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const database = await startDatabase(env());
  try {
    const result = await command(values);
    process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const appError = toAppError(error);
    const message = appError.type === "internal_error" ? (error as Error).message : appError.message;
    process.stderr.write(`${JSON.stringify({ error: appError.type, message })}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    const message = error instanceof InvalidEnvironmentError ? error.message : (error as Error).message;
    process.stderr.write(`${message}\n${USAGE}\n`);
    process.exit(2);
  });
