// `npm run admin -- <command> [--json]`: bootstraps tenants without the dashboard. Works
// whether or not the server runs (same database, embedded or not); applies pending
// migrations first, like the server.
import { parseArgs } from "node:util";
import { z } from "zod";
import { parseScopeList } from "../domains/auth/scopes.ts";
import { startDatabase } from "../foundation/db/bootstrap.ts";
import { env, InvalidEnvironmentError } from "../foundation/env.ts";
import { AppError, toAppError } from "../foundation/errors.ts";
import {
  createApiKey,
  createMember,
  createOrganization,
  revokeApiKey,
  setPlan,
  setSpotCheckRates,
  setTriageSla,
} from "../domains/organizations/organizations.service.ts";
import { ZSpotCheckRate, ZTriageSlaMinutes } from "../domains/organizations/organizations.schemas.ts";
import { AGENT_TYPES } from "../domains/agents/agent-types.ts";
import { topUpCredits } from "../domains/usage/credits.ts";

const ZPlan = z.enum(["starter", "pro", "team", "growth", "enterprise"]);
const ZRole = z.enum(["admin", "reviewer", "viewer"]);
const ZUuid = z.uuid("must be a UUID");

const USAGE = `Usage: npm run admin -- <command> [options] [--json]

  create-org     --name N --plan starter|pro|team|growth|enterprise
  create-member  --org ID --email E --name N --role admin|reviewer|viewer --password P
  create-key     --org ID [--member EMAIL] --name N --scopes a:b,c:d|all --mode live|test [--expires ISO8601]
  revoke-key     --id ID
  set-plan       --org ID --plan P
  set-triage-sla --org ID --minutes N   (1–10080: how long a triage item may wait before it is overdue)
  set-spot-check-rate --org ID --agent TYPE --rate R   (a built-in type; 0–1: the share of runs that completed on their own sent to a spot check)
  topup          --org ID --credits N`;

type TOptions = Record<string, string | boolean | undefined>;

function required(options: TOptions, name: string): string {
  const value = options[name];
  if (typeof value !== "string" || value.trim() === "") throw new AppError("validation_error", `--${name} is required`, { issues: [{ path: name, message: "required" }] });
  return value;
}

/** Parses one option with its schema; errors name the option. */
function option<T>(options: TOptions, name: string, schema: z.ZodType<T>, optional = false): T {
  if (optional && options[name] === undefined) return undefined as T;
  const result = schema.safeParse(required(options, name));
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? "invalid";
    throw new AppError("validation_error", `--${name}: ${message}`, { issues: [{ path: name, message }] });
  }
  return result.data;
}

const ZScopes = z.string().transform((value, context) => {
  try {
    return parseScopeList(value);
  } catch {
    context.addIssue({ code: "custom", message: `expected "all" or a comma-separated list of scopes` });
    return z.NEVER;
  }
});

const COMMANDS: Record<string, (options: TOptions) => Promise<unknown>> = {
  "create-org": (o) => createOrganization({ name: required(o, "name"), plan: option(o, "plan", ZPlan) }),
  "create-member": (o) =>
    createMember({
      organizationId: option(o, "org", ZUuid),
      email: option(o, "email", z.email()),
      name: required(o, "name"),
      role: option(o, "role", ZRole),
      password: option(o, "password", z.string().min(8, "must have at least 8 characters")),
    }),
  "create-key": (o) =>
    createApiKey({
      organizationId: option(o, "org", ZUuid),
      memberEmail: option(o, "member", z.email(), true),
      name: required(o, "name"),
      scopes: option(o, "scopes", ZScopes),
      mode: option(o, "mode", z.enum(["live", "test"])),
      expiresAt: option(o, "expires", z.iso.datetime({ offset: true }).transform((value) => new Date(value)), true),
    }),
  "revoke-key": (o) => revokeApiKey({ apiKeyId: option(o, "id", ZUuid) }),
  "set-plan": (o) => setPlan({ organizationId: option(o, "org", ZUuid), plan: option(o, "plan", ZPlan) }),
  "set-triage-sla": (o) =>
    setTriageSla({ organizationId: option(o, "org", ZUuid), minutes: option(o, "minutes", z.coerce.number().pipe(ZTriageSlaMinutes)) }),
  "set-spot-check-rate": (o) =>
    setSpotCheckRates({
      organizationId: option(o, "org", ZUuid),
      rates: { [option(o, "agent", z.enum(AGENT_TYPES, { error: `must be a built-in agent type: ${AGENT_TYPES.join(", ")}` }))]: option(o, "rate", z.coerce.number().pipe(ZSpotCheckRate)) },
    }),
  topup: (o) => topUpCredits({ organizationId: option(o, "org", ZUuid), credits: option(o, "credits", z.coerce.number().int().positive()) }),
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
      minutes: { type: "string" },
      agent: { type: "string" },
      rate: { type: "string" },
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
