// Generated from the /v1 OpenAPI document by openapi-typescript (sdk/scripts/generate-types.mjs).
// Do not edit: run `npm run sdk:generate` after changing the API; a test fails while they differ.
/* eslint-disable */
export interface paths {
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health (no key needed)
         * @description 200 `{status: "ok"}` when the service and its database answer; 503 with the same body and `status: "degraded"` when the database does not answer within 2 s. Needs no key and counts against no limit: meant for load balancers and uptime probes.
         */
        get: operations["health-check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start an agent run
         * @description Accepts the run and answers 202 at once with it `queued`; follow it with `GET /v1/runs/{id}`, its event stream or a webhook. A live key is charged the agent's cost on acceptance (402 `insufficient_credits` creates nothing); test keys are free. `data` that does not fit the agent's input schema is a 400 naming the path. Send an `Idempotency-Key` to retry safely.
         */
        post: operations["runs-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List runs, newest first
         * @description The runs of the key's organization and mode, newest first (runs created in the same instant by id, descending, so pages never overlap), filtered by `status`, `agent_type`, `q` (text in the task or the invoice, PO or RFQ number) and the creation window [`created_from`, `created_to`). `total` counts at most 1,000 runs past the offset (`total_exact` says whether it is exact); loop on `has_more`.
         */
        get: operations["runs-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a run and its triage item
         * @description The full run (task, data, output, batch, mode) and, when it needed a person, its triage item with the proposed output and the decision.
         */
        get: operations["runs-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The run's steps in order: model and tool calls, what the agent found, triage and review
         * @description The step trace of one run, oldest first: each model call and tool call with its input and answer, what the agent concluded, and the triage and review steps that followed. See docs/api-conventions.md, "Run steps".
         */
        get: operations["runs-steps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued, running or waiting run
         * @description Stops the run: a queued run never starts, a running agent call finishes but its result is discarded, and a run waiting for a person has its triage item rejected with the note `run cancelled`. A finished run is `409 conflict`. Takes no body.
         */
        post: operations["runs-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List pending triage items, soonest due first
         * @description Pending items by default, ordered by `due_at` (then oldest first). Extension: `status` = `approved`, `rejected` or `resolved` (both) lists decided items instead, newest decision first, with `resolved_by_name` and `output_edited`. The pending queue can be narrowed by `claimed` (`mine`, `none`, `others`) and `overdue` (`true`: past `due_at`; `false`: not yet due). `kind` (`review`, `spot_check`) lists one kind of item (default both); `status=checked` lists spot checks with their verdict (`resolved` includes them, and rounds sent back for changes). `batch_id` lists the items of one batch's runs.
         */
        get: operations["triage-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve: the run completes
         * @description The run completes with the proposed output; `resolution_note` stays on the item (it is not copied into the output). Extension: `output`, an object, is the reviewer's edit of the proposed output: when it differs from the proposal the run completes with it instead, the item records `output_edited: true`, and the `run.completed` webhook event carries it. The run's `resolution` is `approved` or `approved_edited`. An item someone else has claimed answers 409 naming them, unless `force` is true. A spot check answers 409: it takes a verdict.
         */
        post: operations["triage-approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject: the run is cancelled
         * @description The run is cancelled with `resolution: rejected`. Extension: `reason_code` (`incorrect_output`, `incomplete_input`, `duplicate`, `suspected_fraud`, `policy`, `other`) is stored beside `reason` and returned on the item and the run. An item someone else has claimed answers 409 naming them, unless `force` is true. A spot check answers 409: it takes a verdict.
         */
        post: operations["triage-reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/request-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request changes: the agent runs again with the reviewer's feedback
         * @description Extension (docs/api-conventions.md, "Review rounds"): the item closes as `changes_requested` and the run goes back to work with `review_round` + 1 and `resolution: changes_requested`. A built-in agent runs again on the run's `data` with `data_patch` applied (JSON Merge Patch, RFC 7386); a model-backed agent continues its conversation with `feedback` as the next message. The run then completes, fails or waits again with a new item of the new round. 409 past the round limit (REVIEW_MAX_ROUNDS, default 5, or the agent version's `review.max_rounds`), on an item already decided, or on an item someone else claimed unless `force` is true.
         */
        post: operations["triage-requestChanges"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/verdict": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a spot check its verdict
         * @description Extension (docs/api-conventions.md, "Spot checks"): a person judges the output of a run that completed on its own, `correct` or `incorrect` (with `corrected_output`, the output that would have been right, and a `note`). The item becomes `checked`; the run, its output, credits, batch and webhooks do not change. A review item answers 409 (approve, reject or request changes instead), as do an item already decided and one someone else has claimed unless `force` is true.
         */
        post: operations["triage-verdict"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The review messages sent about an item
         * @description Extension (docs/api-conventions.md, "Review routes"): one entry per message to one recipient (on opening, and per escalation step), oldest first, with its delivery status and attempts. Chat webhook URLs are masked.
         */
        get: operations["triage-notifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim a pending item for 15 minutes
         * @description Extension: says who is deciding the item, for 15 minutes from now; claiming it again renews the lease. An item another caller holds, or one already decided, answers 409. Decisions by anyone but the holder answer 409 unless they send `force: true`. An expired lease is no claim.
         */
        post: operations["triage-claim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release the caller's claim on an item
         * @description Extension: ends the caller's claim (the answer has nulls). Releasing an item nobody holds is fine; an item another caller holds answers 409.
         */
        post: operations["triage-release"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/triage/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject up to 100 items
         * @description Extension: one decision on each of `ids` (1–100), each on its own: the answer lists every id in the order given with `approved`, `rejected` or `error` (with the error's `type` and `message`: `not_found` for an unknown id, `conflict` for an item already decided or claimed by someone else unless `force`). One item that cannot be decided does not stop the others.
         */
        post: operations["triage-bulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Every webhook of the key's organization and mode (no pagination), with its events, whether it is active, why it was disabled, and when a rotated secret stops signing. Secrets are never shown again.
         */
        get: operations["webhooks-list"];
        put?: never;
        /**
         * Register a webhook (secret shown once)
         * @description An organization has at most 20 webhooks per mode (the server's `WEBHOOKS_PER_ORGANIZATION`): `409 conflict` beyond.
         */
        post: operations["webhooks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes the webhook and its delivery log; pending retries to it stop. Takes no body.
         */
        delete: operations["webhooks-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery attempts, newest first
         * @description Every attempt to deliver an event to this webhook, newest first, with the receiver's status, the first 2 KB of its answer, the error and when the next retry is due.
         */
        get: operations["webhooks-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/test/{orgId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test event to every active webhook
         * @description Sends a `run.completed` sample (`data.output.test = true`, `run_id: null`) signed like any delivery, once (no retries), to every active webhook of the organization in the key's mode, and answers what each receiver said. `orgId` must be the key's organization (another is 404). Takes no body.
         */
        post: operations["webhooks-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-enable a disabled webhook (clears its failure counters and reason)
         * @description Makes the webhook active again and clears its failure counters and `disabled_reason`; `enabled: false` when it already was active (the call is idempotent). Deliveries abandoned while it was disabled are not replayed: resend what matters. Takes no body.
         */
        post: operations["webhooks-enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret (new secret shown once; the old one also signs for 24 h)
         * @description Returns a new `whsec_` secret, shown this once. Until `previous_secret_expires_at`, `webhook-signature` carries signatures under both secrets; `X-Service-Signature` uses the new one at once. Takes no body.
         */
        post: operations["webhooks-rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a delivery: the same event id and body, as a new attempt (queued; 202)
         * @description Queues one new attempt of the delivery's event (same id and body, signed anew) and answers 202 without waiting for the receiver. The webhook must be active (`409 conflict` otherwise). Takes no body.
         */
        post: operations["webhooks-resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List batch jobs, newest first
         * @description The batch jobs of the key's organization and mode, newest first, with their row counts.
         */
        get: operations["batches-list"];
        put?: never;
        /**
         * Run one agent type over up to 500 rows
         * @description Creates one run per row and answers 201 with the job. A live key is charged for every row at once, all or nothing (402 `insufficient_credits` creates nothing); test keys are free. Rows are checked against the agent's input schema first (a 400 names `rows.N...`). Send an `Idempotency-Key` to retry safely.
         */
        post: operations["batches-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a batch job and its rows
         * @description The job with its counts and its rows (each with its `run_id`) in row order; `rows_limit` and `rows_offset` return a window of the rows (`rows_limit=0`: the counts only).
         */
        get: operations["batches-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/batches/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending or running batch
         * @description Rows not yet started are cancelled and never start; rows already running finish on their own. A job that is already finished or cancelled is a 400 naming `id`. Takes no body.
         */
        post: operations["batches-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit summary for this period
         * @description The current UTC month's credits for the key's organization and mode: included, used, remaining. Test mode is free, so its usage stays at 0.
         */
        get: operations["usage-summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The newest 50 ledger entries
         * @description Charges, refunds and top-ups, newest first, each with the running `balance_after`.
         */
        get: operations["usage-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runs and credits per member this period
         * @description Every member of the organization with the runs made and credits used this period through the keys they created (zeros for those who did nothing).
         */
        get: operations["usage-members"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the agents: the built-ins and the organization's own in the key's mode, and the tools
         * @description The built-in agents and the organization's own that are not archived, each with its active version, plus the tools a custom agent may name.
         */
        get: operations["agents-list"];
        put?: never;
        /**
         * Define an agent (its version 1)
         * @description The name is unique per organization and mode, archived agents included; a built-in's name is `409 conflict`, and so is a 101st agent in one mode.
         */
        post: operations["agents-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an agent and its versions
         * @description One agent, built-in or the organization's own, with every version and which one is active.
         */
        get: operations["agents-get"];
        put?: never;
        post?: never;
        /**
         * Archive an agent: new runs are refused; past runs and versions stay readable
         * @description A built-in agent: `409 conflict`.
         */
        delete: operations["agents-archive"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an immutable version, active from now on unless `activate: false`
         * @description A built-in agent's name, or an archived agent: `409 conflict` (built-ins are read-only). `activate: false` stores the version without making it active (evaluate it, roll it out, pin runs to it, roll back to it later). Made active with `release.require_evaluation`, it needs a passed evaluation, which a new version cannot have: `409 gate_not_passed` and nothing is stored, unless `force: true` (recorded as `forced`). See docs/api-conventions.md, "Releases".
         */
        post: operations["agents-addVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make another version active (no new version): an earlier one, or one stored with `activate: false`
         * @description A built-in agent's name, or an archived agent: `409 conflict` (built-ins are read-only). An unknown version is `404 not_found`. A version that was never active must pass its release gate (`409 gate_not_passed`, unless `force: true`); one that was active before is not gated. See docs/api-conventions.md, "Releases".
         */
        post: operations["agents-rollback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/copy-from-test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a test-mode version into live mode: the live agent's version 1, or its next version, active from now on
         * @description With a live-mode key only (a test-mode key or a built-in's name: `400 validation_error`). Copies everything that defines the version (instructions, schemas, tools, model, review policy, release settings, description); the new live version records `copied_from: {mode: "test", version}`. An unknown test-mode agent or version: `404 not_found`. The checks of a new version apply (model allow-list, schema limits: `400`); an archived live agent, the 101st live agent or a version past the cap: `409 conflict`. A copy onto an existing live agent whose copied `release` requires an evaluation: `409 gate_not_passed` (add it with `POST /v1/agents/{name}/versions` and `activate: false` instead). See docs/api-conventions.md, "Copying an agent to live" and "Releases".
         */
        post: operations["agents-copyFromTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/quality": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How often people agreed with an agent version, per confidence band, and the threshold that evidence supports
         * @description Runs of one version (default: the active one; built-ins: 1) created in [from, to) (default: the last 30 days), judged by their first decision. See docs/api-conventions.md, "Quality".
         */
        get: operations["agents-quality"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an agent's evaluations, newest first
         * @description A built-in agent's name: `400 validation_error` (built-ins are code, not versions to evaluate). Paged (`limit`, `offset`); `version` keeps one version's evaluations. An unknown agent: `404 not_found`.
         */
        get: operations["evaluations-list"];
        put?: never;
        /**
         * Evaluate a version: replay the agent's judged runs through it
         * @description A built-in agent's name: `400 validation_error` (built-ins are code, not versions to evaluate). The cases are the agent's judged runs (any version) created in [from, to), newest first, at most `limit`; each costs what a run of the agent costs, charged now and refunded for cases the service fails. No judged runs in the period: `409 conflict`. See docs/api-conventions.md, "Evaluations".
         */
        post: operations["evaluations-start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/evaluations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an evaluation: its progress, outcomes per band, baseline and gate
         * @description A built-in agent's name: `400 validation_error` (built-ins are code, not versions to evaluate). Poll it until `status` is completed, failed or cancelled; `gate` says whether it passes the version's release gate and why not. Another agent's, organization's or mode's evaluation: `404 not_found`.
         */
        get: operations["evaluations-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/evaluations/{id}/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an evaluation's cases: what people decided, what the version did, and where they differ
         * @description A built-in agent's name: `400 validation_error` (built-ins are code, not versions to evaluate). Paged, in the order the cases were taken (newest judged run first); `outcome` keeps one outcome. `differences` are JSON Pointers from the output's root.
         */
        get: operations["evaluations-cases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/evaluations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel an evaluation: cases not started are refunded
         * @description An evaluation that already ended: `409 conflict`.
         */
        post: operations["evaluations-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/rollout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the agent's current or last rollout
         * @description `404 not_found` before its first rollout.
         */
        get: operations["rollouts-get"];
        put?: never;
        /**
         * Start a canary: send a share of the unpinned runs to a version, rolled back if people disagree with it
         * @description A built-in agent's name: `400 validation_error`. A rollout already running for the agent, the active version, or an archived agent: `409 conflict`. Not gated: the gate applies when it is promoted. See docs/api-conventions.md, "Rollouts".
         */
        post: operations["rollouts-start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/rollout/promote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Promote the candidate: it becomes the active version and the rollout ends promoted
         * @description The candidate's release gate applies (`409 gate_not_passed`; `force: true` overrides it). No running rollout: `409 conflict`.
         */
        post: operations["rollouts-promote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/rollout/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel the rollout: new runs go to the active version again
         * @description No running rollout: `409 conflict`.
         */
        post: operations["rollouts-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-routes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the organization's review routes in this mode
         * @description Chat webhook URLs are shown masked unless the caller may write routes (`agents:write`).
         */
        get: operations["reviewRoutes-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-routes/{agent_type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the review route of an agent type
         * @description An agent type without a route answers its default (nobody notified, one approval). An agent the organization does not have in this mode: `404 not_found`.
         */
        get: operations["reviewRoutes-get"];
        /**
         * Set the review route of an agent type
         * @description Replaces the whole route. An email recipient without `SMTP_URL` set on the server: `400 validation_error` naming the setting. Chat webhook URLs must be https and pass the egress policy. An agent the organization does not have in this mode: `404 not_found`.
         */
        put: operations["reviewRoutes-put"];
        post?: never;
        /**
         * Delete the review route of an agent type
         * @description Its items reach nobody by message again and need one approval. No route for it: `404 not_found`.
         */
        delete: operations["reviewRoutes-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/review-routes/{agent_type}/test-message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test message to one recipient
         * @description Sends now (not queued, not retried) and says whether the mail server or the chat webhook took it: `502 message_not_delivered` with its `reason` otherwise. The message's links open a sample page and decide nothing.
         */
        post: operations["reviewRoutes-testMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the organization's agent settings in the key's mode
         * @description The AP agent's tolerances (price, quantity, amount) and duplicate window, each mode its own; defaults where never set.
         */
        get: operations["settings-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the organization's agent settings in the key's mode
         * @description Sets any of `ap.price_tolerance_percent`, `ap.quantity_tolerance`, `ap.amount_tolerance`, `ap.duplicate_window_days`; what is left out stays as it is. Runs recorded from then on use them.
         */
        patch: operations["settings-update"];
        trace?: never;
    };
    "/v1/runs/{id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Server-Sent Events stream of a run's status
         * @description The first update goes out at once, later ones on every change (at most one per 2 s), a `: ping` comment every 15 s; the stream ends on a terminal status, after 30 s, or once the key no longer holds (revoked, expired, or `agents:read` no longer among its effective scopes: re-checked before every update and at least every 10 s; the reconnect then gets the 401/403 a new call would). Each update is `id: <version>` and `data: <RunStreamEvent JSON>`; reconnect with `Last-Event-ID` to skip what was already received.
         */
        get: operations["runs-stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/agents/{name}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The judged runs of an agent as a dataset: one JSON object per line, streamed
         * @description Every run of the agent (all versions) created in [from, to) (default: the last 30 days) that a person judged, by its first decision, in the order the runs were created. See docs/api-conventions.md, "Quality".
         */
        get: operations["agents-corrections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole credit ledger, a page at a time or as CSV
         * @description Every charge, refund and top-up of the key's organization and mode, newest first (by write order, so one batch's entries keep their `balance_after` order). Pages of `limit` entries: pass `next_cursor` as `cursor` until it is null. `format=csv` exports every entry (from `cursor` on, if given) as text/csv with a header row. `GET /v1/usage/history` stays the newest 50. See docs/api-conventions.md, "Usage ledger".
         */
        get: operations["usage-ledger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "run.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run completed
         * @description Sent to the run's (or its batch's) `webhook_url` and to every active webhook of its organization and mode that lists the event; `data.output` is the result. Verify a signature over the raw body before trusting it; de-duplicate by `webhook-id`. See docs/api-conventions.md, "Webhooks".
         */
        post: operations["webhook-run-completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "run.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run failed
         * @description Sent like run.completed; `data.error` says why. Verify a signature over the raw body before trusting it; de-duplicate by `webhook-id`. See docs/api-conventions.md, "Webhooks".
         */
        post: operations["webhook-run-failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "run.triage_required": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run awaits review
         * @description Sent like run.completed when a run needs a person; `data.triage_item_id` is the item to review. Verify a signature over the raw body before trusting it; de-duplicate by `webhook-id`. See docs/api-conventions.md, "Webhooks".
         */
        post: operations["webhook-run-triage-required"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "triage.overdue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A review fell due (opt-in)
         * @description Sent once per item, only to webhooks whose `events` list it, when a pending review passes its `due_at`. Verify a signature over the raw body before trusting it; de-duplicate by `webhook-id`. See docs/api-conventions.md, "Webhooks".
         */
        post: operations["webhook-triage-overdue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "agent.rollout.rolled_back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A canary rollout was rolled back (opt-in)
         * @description Sent once per rollout, only to webhooks whose `events` list it, when the candidate has `min_judged` judged runs and its agreement is below `min_agreement`: new runs go to the active version again. Verify a signature over the raw body before trusting it; de-duplicate by `webhook-id`. See docs/api-conventions.md, "Webhooks".
         */
        post: operations["webhook-agent-rollout-rolled-back"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        TriageNotification: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            channel: "email" | "chat";
            /** @description The address, or the chat webhook URL masked (`https://hooks.slack.com/…/••••3xQz`). */
            recipient: string;
            /**
             * @description `opened`: sent when the item opened; `escalated`: an escalation step.
             * @enum {string}
             */
            kind: "opened" | "escalated";
            /** @description 0 for opened; n for the route's n-th escalation step. */
            step: number;
            /** @enum {string} */
            status: "queued" | "sent" | "retrying" | "gave_up";
            attempts: number;
            last_error: string | null;
            sent_at: string | null;
            created_at: string;
        };
        /** @description Where an agent type's review items reach people. */
        ReviewRoute: {
            agent_type: string;
            notify: ({
                /** Format: email */
                email: string;
            } | {
                /**
                 * Format: uri
                 * @description An https incoming-webhook URL that accepts Slack-compatible Block Kit JSON (Slack, Mattermost, Rocket.Chat). A credential: stored encrypted, shown masked to callers without `agents:write`.
                 */
                chat_webhook_url: string;
            })[];
            escalation: {
                /** @description Minutes after the item opened; sent once, if the item is still open then. */
                after_minutes: number;
                notify: ({
                    /** Format: email */
                    email: string;
                } | {
                    /**
                     * Format: uri
                     * @description An https incoming-webhook URL that accepts Slack-compatible Block Kit JSON (Slack, Mattermost, Rocket.Chat). A credential: stored encrypted, shown masked to callers without `agents:write`.
                     */
                    chat_webhook_url: string;
                })[];
            }[];
            approvals: {
                required: number;
                when: {
                    /** @description A JSON Pointer into the run's input data. */
                    path: string;
                    /** @description The quorum applies when the number at `path` is greater than this. */
                    gt: number;
                } | null;
            };
            updated_at: string;
        };
        /** @description One update of `GET /v1/runs/{id}/stream`: the JSON object on the `data:` line of each event. The stream is Server-Sent Events: each update is `id: <version>` and `data: <this object>` (no `event:` name: the default `message`); the stream opens with `retry: 2000` and sends `: ping` comments, which carry no data. */
        RunStreamEvent: {
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";
            /** @description The run's confidence score, once it has one. */
            confidence: number | null;
            /** @description The run's output, once it has one. */
            result: {
                [key: string]: unknown;
            } | null;
            /** @description Why the run failed; null otherwise. */
            error: string | null;
        };
        /** @description The body of a run event delivery: run.completed, run.failed or run.triage_required. */
        RunEvent: {
            /** @description The event's id, the same on every attempt and resend: de-duplicate by it (also sent as `webhook-id`). */
            id: string;
            /** @enum {string} */
            event: "run.completed" | "run.failed" | "run.triage_required";
            /** @description The run; null only in the sample sent by `POST /v1/webhooks/test/{orgId}`. */
            run_id: string | null;
            agent_type: string;
            /** Format: uuid */
            organization_id: string;
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601, UTC).
             */
            timestamp: string;
            data: {
                /** @description The run's result (run.completed); null otherwise. */
                output: {
                    [key: string]: unknown;
                } | null;
                confidence_score: number | null;
                requires_triage: boolean;
                /** @description The item to review (run.triage_required); null otherwise. */
                triage_item_id: string | null;
                /** @description Why the run failed (run.failed); null otherwise. */
                error: string | null;
                agent_version: number;
                /** @description How many times a reviewer sent the run back before this event. */
                review_round: number;
            };
        };
        /** @description The body of a triage.overdue delivery (opt-in: only webhooks that list the event receive it), sent once when a pending review passes its due_at. */
        TriageOverdueEvent: {
            /** @description The event's id, the same on every attempt and resend: de-duplicate by it (also sent as `webhook-id`). */
            id: string;
            /** @constant */
            event: "triage.overdue";
            /** Format: uuid */
            run_id: string;
            agent_type: string;
            /** Format: uuid */
            organization_id: string;
            /**
             * Format: date-time
             * @description When the item fell due (its due_at).
             */
            timestamp: string;
            data: {
                /** Format: uuid */
                triage_item_id: string;
                /** Format: uuid */
                run_id: string;
                agent_type: string;
                agent_version: number;
                round: number;
                /** Format: date-time */
                due_at: string;
                /** @description The member holding the item's claim as it is sent; null: nobody. */
                claimed_by: string | null;
            };
        };
        /** @description The body of an agent.rollout.rolled_back delivery (opt-in: only webhooks that list the event receive it), sent once when a canary's candidate fell below min_agreement after min_judged judged runs. */
        RolloutRolledBackEvent: {
            /** @description The event's id, the same on every attempt and resend: de-duplicate by it (also sent as `webhook-id`). */
            id: string;
            /** @constant */
            event: "agent.rollout.rolled_back";
            /** Format: uuid */
            organization_id: string;
            /**
             * Format: date-time
             * @description When the rollout ended.
             */
            timestamp: string;
            data: {
                agent: string;
                /** @description The candidate version rolled back. */
                version: number;
                /** @description The active version the runs go to again. */
                baseline_version: number;
                /** @description Decisions people made on the candidate's runs when it was rolled back. */
                judged: number;
                agreement_rate: number | null;
                min_agreement: number;
            };
        };
        /** @description Every error body. Switch on `type`: `error` equals `type`, except that `insufficient_scope` answers `error: "Insufficient scope"` and `rate_limited` answers `error: "Rate limit exceeded"`. */
        Error: {
            error: string;
            /** @enum {string} */
            type: "validation_error" | "authentication_error" | "insufficient_credits" | "insufficient_scope" | "insufficient_role" | "plan_required" | "not_found" | "method_not_allowed" | "request_timeout" | "conflict" | "gate_not_passed" | "invitation_expired" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "test_mode_allowance_exhausted" | "headers_too_large" | "internal_error" | "message_not_delivered" | "service_unavailable";
            message: string;
            issues?: {
                path: string;
                message: string;
            }[];
            credits_remaining?: number;
            required?: string;
            provided?: string[];
            role?: string;
            plan?: string;
            reasons?: string[];
            retry_after?: number;
            allowance?: number;
            used?: number;
            resets_at?: string;
            request_id?: string;
            reason?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id, on every response: quote it when reporting a problem. */
        "X-Request-Id": string;
        /** @description Calls this key may make in the operation's rate-limit window. */
        "RateLimit-Limit": number;
        /** @description Calls left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Seconds until the window resets. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "health-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        version: string;
                        timestamp: string;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description degraded: the database is unreachable */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        version: string;
                        timestamp: string;
                    };
                };
            };
        };
    };
    "runs-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: the same key with the same body within 24 h answers the original response without creating anything again; with a different body, 409 conflict. Scoped to the organization, mode and endpoint. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    task: string;
                    /**
                     * @description A built-in agent (center, rfq_generator, ap_specialist, assistant) or one of the organization's own (GET /v1/agents).
                     * @default center
                     */
                    agent_type?: string;
                    /** @description The agent version to run (GET /v1/agents/{name}); default: the agent's active version. Built-ins have version 1. */
                    agent_version?: number;
                    data?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    priority?: "low" | "normal" | "high";
                    /** Format: uri */
                    webhook_url?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    /** @description Present when this is the stored response of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        run_id: string;
                        /** @enum {string} */
                        status: "queued" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";
                        agent_type: string;
                        /** @constant */
                        estimated_completion: "async";
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_credits`: the period's credits cannot cover this request; nothing was charged */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_mode_allowance_exhausted`: the organization's test-mode allowance of model-backed runs for today (UTC) is used up; nothing was accepted. Use a live key, or retry after `resets_at`; `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "runs-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "queued" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";
                agent_type?: string;
                q?: string;
                created_from?: string;
                created_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            agent_type: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";
                            /** @enum {string} */
                            priority: "low" | "normal" | "high";
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                            confidence_score: number | null;
                            requires_triage: boolean;
                            error_message: string | null;
                            /** @description The task's first 200 characters (the full task is on GET /v1/runs/{id}) */
                            task_preview: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        /** @description More runs match after this page. */
                        has_more?: boolean;
                        /** @description false when counting stopped at offset + 1,000: `total` is then a lower bound. */
                        total_exact?: boolean;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "runs-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: {
                            /** Format: uuid */
                            id: string;
                            agent_type: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";
                            /** @enum {string} */
                            priority: "low" | "normal" | "high";
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                            confidence_score: number | null;
                            requires_triage: boolean;
                            error_message: string | null;
                            task: string;
                            data: {
                                [key: string]: unknown;
                            } | null;
                            output: {
                                [key: string]: unknown;
                            } | null;
                            batch_id: string | null;
                            livemode: boolean;
                            model_usage: {
                                /** @description The model id (AGENT_MODEL) the calls went to. */
                                model: string;
                                /** @description Chat Completions requests answered for this run. */
                                calls: number;
                                /** @description Prompt tokens summed over every call. */
                                input_tokens: number;
                                /** @description Completion tokens summed over every call. */
                                output_tokens: number;
                            } | null;
                            agent_version: number;
                            /** @description How many times a reviewer requested changes (0: never). */
                            review_round: number;
                            resolution: ("approved" | "approved_edited" | "changes_requested" | "rejected" | "cancelled_by_caller") | null;
                            /** @description The rejection's reason code, when a reviewer rejected it. */
                            reason_code?: string | null;
                            claimed_by?: string | null;
                            claimed_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            claimed_until?: string | null;
                            due_at?: string | null;
                        };
                        triage_item: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            run_id: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "changes_requested" | "checked";
                            triage_reason: string;
                            proposed_output: {
                                [key: string]: unknown;
                            } | null;
                            created_at: string;
                            resolved_at: string | null;
                            resolution_note: string | null;
                            resolved_by: string | null;
                            resolved_by_name?: string | null;
                            resolved_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            output_edited?: boolean;
                            agent_version?: number;
                            /** @description The run's review round this item was opened in (0: the first proposal). */
                            round?: number;
                            /** @description The same as round (the run record's name for it). */
                            review_round?: number;
                            /** @description Who holds the claim (an actor id, as in resolved_by); null when unclaimed or expired. */
                            claimed_by?: string | null;
                            claimed_by_name?: string | null;
                            claimed_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            claimed_until?: string | null;
                            /** @description When the item is overdue (created_at + the SLA). */
                            due_at?: string;
                            reason_code?: ("incorrect_output" | "incomplete_input" | "duplicate" | "suspected_fraud" | "policy" | "other") | null;
                            /** @description A request for changes: what the reviewer told the agent. */
                            feedback?: string | null;
                            /** @description A request for changes: the JSON Merge Patch applied to the run's data. */
                            data_patch?: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description `review`: the run waits for this decision; `spot_check`: a run that completed on its own, sampled for a verdict.
                             * @enum {string}
                             */
                            kind?: "review" | "spot_check";
                            verdict?: ("correct" | "incorrect") | null;
                            corrected_output?: {
                                [key: string]: unknown;
                            } | null;
                            /** @description The agent's confidence in this round's proposal, recorded when the item was opened (the run's confidence_score is its last round's); null for an earlier round migrated without one. */
                            confidence_score?: number | null;
                            /** @description Approvals so far. The item stays pending until `required` distinct people approved; one rejection or request for changes decides at once. */
                            approvals?: {
                                /** @description Distinct people who must approve; 1 unless the item's review route asks for more. */
                                required: number;
                                given: {
                                    /** @description Who approved: an actor id as in resolved_by (`member:<id>`, `api_key:<id>`, `link:<id>`). */
                                    by: string;
                                    by_actor?: {
                                        /** @enum {string} */
                                        type: "member" | "api_key" | "link";
                                        /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                        id: string;
                                        /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                        name: string;
                                        /**
                                         * @description `link` only: the message the signed link came in.
                                         * @enum {string}
                                         */
                                        channel?: "email" | "chat";
                                        /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                        recipient?: string;
                                    } | null;
                                    at: string;
                                    /** @description This approver changed the proposal; every later approver saw their edit. */
                                    output_edited: boolean;
                                }[];
                            };
                        } | null;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "runs-steps": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "model_call";
                            detail: {
                                model: string;
                                /** @description Which conversation of the run (center's routing, then the RFQ extraction, …), from 1. */
                                conversation: number;
                                /** @description The call's number within its conversation, from 1 (a repair request is the next attempt). */
                                attempt: number;
                                /** @description Known when the run made one call; otherwise null (the run's model_usage has the totals). */
                                input_tokens: number | null;
                                output_tokens: number | null;
                                /** @description The messages sent with this call. */
                                messages: {
                                    role: string;
                                    content: string | null;
                                    tool_calls: {
                                        id: string;
                                        name: string;
                                        arguments: string;
                                    }[];
                                    tool_call_id: string | null;
                                }[];
                                /** @description The model's answer; null when the call failed. */
                                answer: {
                                    role: string;
                                    content: string | null;
                                    tool_calls: {
                                        id: string;
                                        name: string;
                                        arguments: string;
                                    }[];
                                    tool_call_id: string | null;
                                } | null;
                                error: string | null;
                                /** @description The review round this step belongs to (0: before any request for changes). */
                                round?: number;
                            };
                        } | {
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "tool_call";
                            detail: {
                                id: string;
                                name: string;
                                arguments: unknown;
                                result: unknown;
                            };
                        } | {
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "agent";
                            detail: {
                                agent: string;
                                /** @description One sentence: what the agent did and concluded. */
                                summary: string;
                                /** @description What the agent checked (e.g. the invoice's arithmetic, the purchase order). */
                                checked: string[];
                                /** @description What it found: each discrepancy, each RFQ item, the routing decision. */
                                found: {
                                    message: string;
                                    field: string | null;
                                    expected: number | string | null;
                                    actual: number | string | null;
                                }[];
                                confidence_score: number | null;
                                error: string | null;
                            };
                        } | {
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "triage";
                            detail: {
                                /** Format: uuid */
                                triage_item_id: string;
                                reason: string;
                                /** @enum {string} */
                                item_status: "pending" | "approved" | "rejected" | "changes_requested" | "checked";
                                /** @description The review round this step belongs to (0: before any request for changes). */
                                round?: number;
                            };
                        } | {
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "review";
                            detail: {
                                /** @enum {string} */
                                decision: "approved" | "rejected" | "changes_requested" | "checked";
                                /** @description Who decided (the triage item's resolved_by: a member's or an API key's id). */
                                resolved_by: string | null;
                                resolved_by_name: string | null;
                                resolved_by_actor?: {
                                    /** @enum {string} */
                                    type: "member" | "api_key" | "link";
                                    /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                    id: string;
                                    /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                    name: string;
                                    /**
                                     * @description `link` only: the message the signed link came in.
                                     * @enum {string}
                                     */
                                    channel?: "email" | "chat";
                                    /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                    recipient?: string;
                                } | null;
                                note: string | null;
                                /** @description The approved output is a reviewer's edit of the proposal. */
                                edited: boolean;
                                /** @description The review round this step belongs to (0: before any request for changes). */
                                round?: number;
                                /** @description changes_requested: what the reviewer asked the agent to change. */
                                feedback?: string | null;
                                /** @description changes_requested: the JSON Merge Patch applied to the run's data. */
                                data_patch?: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description The agent's proposal this decision was about (that round's). */
                                proposed_output?: {
                                    [key: string]: unknown;
                                } | null;
                                /** @description checked (a spot check): the person's verdict on the output. */
                                verdict?: ("correct" | "incorrect") | null;
                                /** @description checked: the output the person says was right, when given. */
                                corrected_output?: {
                                    [key: string]: unknown;
                                } | null;
                            };
                        } | {
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "notification";
                            detail: {
                                /** Format: uuid */
                                triage_item_id: string;
                                /** @enum {string} */
                                kind: "opened" | "escalated";
                                /** @enum {string} */
                                channel: "email" | "chat";
                                /** @description The address, or the chat webhook URL masked. */
                                recipient: string;
                                /** @enum {string} */
                                delivery: "queued" | "sent" | "retrying" | "gave_up";
                                attempts: number;
                                /** @description The review round this step belongs to (0: before any request for changes). */
                                round?: number;
                            };
                        } | {
                            /** @description null while the step has not begun (a queued run). */
                            started_at: string | null;
                            /** @description null while the step is pending or running. */
                            finished_at: string | null;
                            /** @description finished_at − started_at; null when the step's own times are not stored (model and tool calls). */
                            duration_ms: number | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "cancelled";
                            /** @constant */
                            type: "approval";
                            detail: {
                                /** Format: uuid */
                                triage_item_id: string;
                                by: string;
                                by_actor?: {
                                    /** @enum {string} */
                                    type: "member" | "api_key" | "link";
                                    /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                    id: string;
                                    /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                    name: string;
                                    /**
                                     * @description `link` only: the message the signed link came in.
                                     * @enum {string}
                                     */
                                    channel?: "email" | "chat";
                                    /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                    recipient?: string;
                                } | null;
                                output_edited: boolean;
                                required: number;
                                /** @description Which of the item's approvals this is, from 1 ("approved by Ada, 1 of 2"). */
                                position: number;
                                /** @description The review round this step belongs to (0: before any request for changes). */
                                round?: number;
                            };
                        })[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "runs-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        run: {
                            /** Format: uuid */
                            id: string;
                            agent_type: string;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled" | "pending_triage";
                            /** @enum {string} */
                            priority: "low" | "normal" | "high";
                            created_at: string;
                            started_at: string | null;
                            completed_at: string | null;
                            confidence_score: number | null;
                            requires_triage: boolean;
                            error_message: string | null;
                            task: string;
                            data: {
                                [key: string]: unknown;
                            } | null;
                            output: {
                                [key: string]: unknown;
                            } | null;
                            batch_id: string | null;
                            livemode: boolean;
                            model_usage: {
                                /** @description The model id (AGENT_MODEL) the calls went to. */
                                model: string;
                                /** @description Chat Completions requests answered for this run. */
                                calls: number;
                                /** @description Prompt tokens summed over every call. */
                                input_tokens: number;
                                /** @description Completion tokens summed over every call. */
                                output_tokens: number;
                            } | null;
                            agent_version: number;
                            /** @description How many times a reviewer requested changes (0: never). */
                            review_round: number;
                            resolution: ("approved" | "approved_edited" | "changes_requested" | "rejected" | "cancelled_by_caller") | null;
                            /** @description The rejection's reason code, when a reviewer rejected it. */
                            reason_code?: string | null;
                            claimed_by?: string | null;
                            claimed_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            claimed_until?: string | null;
                            due_at?: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "approved" | "rejected" | "checked" | "resolved";
                kind?: "review" | "spot_check";
                claimed?: "mine" | "none" | "others";
                overdue?: "true" | "false";
                batch_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            run_id: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected" | "changes_requested" | "checked";
                            triage_reason: string;
                            proposed_output: {
                                [key: string]: unknown;
                            } | null;
                            created_at: string;
                            resolved_at: string | null;
                            resolution_note: string | null;
                            resolved_by: string | null;
                            resolved_by_name?: string | null;
                            resolved_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            output_edited?: boolean;
                            agent_version?: number;
                            /** @description The run's review round this item was opened in (0: the first proposal). */
                            round?: number;
                            /** @description The same as round (the run record's name for it). */
                            review_round?: number;
                            /** @description Who holds the claim (an actor id, as in resolved_by); null when unclaimed or expired. */
                            claimed_by?: string | null;
                            claimed_by_name?: string | null;
                            claimed_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            claimed_until?: string | null;
                            /** @description When the item is overdue (created_at + the SLA). */
                            due_at?: string;
                            reason_code?: ("incorrect_output" | "incomplete_input" | "duplicate" | "suspected_fraud" | "policy" | "other") | null;
                            /** @description A request for changes: what the reviewer told the agent. */
                            feedback?: string | null;
                            /** @description A request for changes: the JSON Merge Patch applied to the run's data. */
                            data_patch?: {
                                [key: string]: unknown;
                            } | null;
                            /**
                             * @description `review`: the run waits for this decision; `spot_check`: a run that completed on its own, sampled for a verdict.
                             * @enum {string}
                             */
                            kind?: "review" | "spot_check";
                            verdict?: ("correct" | "incorrect") | null;
                            corrected_output?: {
                                [key: string]: unknown;
                            } | null;
                            /** @description The agent's confidence in this round's proposal, recorded when the item was opened (the run's confidence_score is its last round's); null for an earlier round migrated without one. */
                            confidence_score?: number | null;
                            /** @description Approvals so far. The item stays pending until `required` distinct people approved; one rejection or request for changes decides at once. */
                            approvals?: {
                                /** @description Distinct people who must approve; 1 unless the item's review route asks for more. */
                                required: number;
                                given: {
                                    /** @description Who approved: an actor id as in resolved_by (`member:<id>`, `api_key:<id>`, `link:<id>`). */
                                    by: string;
                                    by_actor?: {
                                        /** @enum {string} */
                                        type: "member" | "api_key" | "link";
                                        /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                        id: string;
                                        /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                        name: string;
                                        /**
                                         * @description `link` only: the message the signed link came in.
                                         * @enum {string}
                                         */
                                        channel?: "email" | "chat";
                                        /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                        recipient?: string;
                                    } | null;
                                    at: string;
                                    /** @description This approver changed the proposal; every later approver saw their edit. */
                                    output_edited: boolean;
                                }[];
                            };
                            agent_runs: {
                                /** Format: uuid */
                                id: string;
                                agent_type: string;
                                confidence_score: number | null;
                                task?: string;
                                data?: {
                                    [key: string]: unknown;
                                } | null;
                                output?: {
                                    [key: string]: unknown;
                                } | null;
                            };
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-approve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Decide although someone else holds the item's claim (their claim ends).
                     * @enum {boolean}
                     */
                    force?: true | false;
                    resolution_note?: string;
                    output?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description `pending` only for an item whose review route requires more approvals than it has now (docs/api-conventions.md, "Two approvers"); then resolved_at and resolved_by are null and `approvals` says who approved.
                             * @enum {string}
                             */
                            status: "approved" | "rejected" | "pending";
                            resolved_at: string | null;
                            resolution_note: string | null;
                            resolved_by: string | null;
                            /** Format: uuid */
                            run_id: string;
                            resolved_by_name?: string | null;
                            /** @description Who did it, by name; null when nobody did (yet). */
                            resolved_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            };
                            output_edited?: boolean;
                            reason_code?: ("incorrect_output" | "incomplete_input" | "duplicate" | "suspected_fraud" | "policy" | "other") | null;
                            /** @description Approvals so far. The item stays pending until `required` distinct people approved; one rejection or request for changes decides at once. */
                            approvals?: {
                                /** @description Distinct people who must approve; 1 unless the item's review route asks for more. */
                                required: number;
                                given: {
                                    /** @description Who approved: an actor id as in resolved_by (`member:<id>`, `api_key:<id>`, `link:<id>`). */
                                    by: string;
                                    by_actor?: {
                                        /** @enum {string} */
                                        type: "member" | "api_key" | "link";
                                        /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                        id: string;
                                        /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                        name: string;
                                        /**
                                         * @description `link` only: the message the signed link came in.
                                         * @enum {string}
                                         */
                                        channel?: "email" | "chat";
                                        /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                        recipient?: string;
                                    } | null;
                                    at: string;
                                    /** @description This approver changed the proposal; every later approver saw their edit. */
                                    output_edited: boolean;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    reason?: string;
                    resolution_note?: string;
                    /** @enum {string} */
                    reason_code?: "incorrect_output" | "incomplete_input" | "duplicate" | "suspected_fraud" | "policy" | "other";
                    /**
                     * @description Decide although someone else holds the item's claim (their claim ends).
                     * @enum {boolean}
                     */
                    force?: true | false;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /**
                             * @description `pending` only for an item whose review route requires more approvals than it has now (docs/api-conventions.md, "Two approvers"); then resolved_at and resolved_by are null and `approvals` says who approved.
                             * @enum {string}
                             */
                            status: "approved" | "rejected" | "pending";
                            resolved_at: string | null;
                            resolution_note: string | null;
                            resolved_by: string | null;
                            /** Format: uuid */
                            run_id: string;
                            resolved_by_name?: string | null;
                            /** @description Who did it, by name; null when nobody did (yet). */
                            resolved_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            };
                            output_edited?: boolean;
                            reason_code?: ("incorrect_output" | "incomplete_input" | "duplicate" | "suspected_fraud" | "policy" | "other") | null;
                            /** @description Approvals so far. The item stays pending until `required` distinct people approved; one rejection or request for changes decides at once. */
                            approvals?: {
                                /** @description Distinct people who must approve; 1 unless the item's review route asks for more. */
                                required: number;
                                given: {
                                    /** @description Who approved: an actor id as in resolved_by (`member:<id>`, `api_key:<id>`, `link:<id>`). */
                                    by: string;
                                    by_actor?: {
                                        /** @enum {string} */
                                        type: "member" | "api_key" | "link";
                                        /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                        id: string;
                                        /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                        name: string;
                                        /**
                                         * @description `link` only: the message the signed link came in.
                                         * @enum {string}
                                         */
                                        channel?: "email" | "chat";
                                        /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                        recipient?: string;
                                    } | null;
                                    at: string;
                                    /** @description This approver changed the proposal; every later approver saw their edit. */
                                    output_edited: boolean;
                                }[];
                            };
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-requestChanges": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    feedback: string;
                    /** @description A JSON Merge Patch (RFC 7386) for the run's data, applied before a built-in agent runs again (null deletes a key). */
                    data_patch?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @description Decide although someone else holds the item's claim (their claim ends).
                     * @enum {boolean}
                     */
                    force?: true | false;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @constant */
                            status: "changes_requested";
                            resolved_at: string;
                            /** Format: uuid */
                            run_id: string;
                            review_round: number;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_mode_allowance_exhausted`: the organization's test-mode allowance of model-backed runs for today (UTC) is used up; nothing was accepted. Use a live key, or retry after `resets_at`; `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-verdict": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    verdict: "correct" | "incorrect";
                    /** @description incorrect: the output that would have been right (an object), kept with the item for evaluations. */
                    corrected_output?: {
                        [key: string]: unknown;
                    };
                    note?: string;
                    /**
                     * @description Decide although someone else holds the item's claim (their claim ends).
                     * @enum {boolean}
                     */
                    force?: true | false;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @constant */
                            status: "checked";
                            /** @enum {string} */
                            verdict: "correct" | "incorrect";
                            resolved_at: string;
                            resolved_by: string;
                            resolved_by_name: string | null;
                            /** @description Who did it, by name; null when nobody did (yet). */
                            resolved_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            };
                            /** Format: uuid */
                            run_id: string;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-notifications": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["TriageNotification"][];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-claim": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            claimed_by: string | null;
                            claimed_by_name?: string | null;
                            claimed_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            claimed_until: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-release": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            claimed_by: string | null;
                            claimed_by_name?: string | null;
                            claimed_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            claimed_until: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "triage-bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "approve" | "reject";
                    ids: string[];
                    resolution_note?: string;
                    /** @enum {string} */
                    reason_code?: "incorrect_output" | "incomplete_input" | "duplicate" | "suspected_fraud" | "policy" | "other";
                    /**
                     * @description Decide although someone else holds the item's claim (their claim ends).
                     * @enum {boolean}
                     */
                    force?: true | false;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            id: string;
                            /**
                             * @description `pending`: an approval was added and the item needs more ("Two approvers").
                             * @enum {string}
                             */
                            status: "approved" | "rejected" | "pending" | "error";
                            error?: {
                                type: string;
                                message: string;
                            };
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            url: string;
                            events: ("run.completed" | "run.failed" | "run.triage_required" | "triage.overdue" | "agent.rollout.rolled_back")[];
                            is_active: boolean;
                            disabled_reason: string | null;
                            disabled_at: string | null;
                            consecutive_failures: number;
                            failing_since: string | null;
                            previous_secret_expires_at: string | null;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    url: string;
                    events: ("run.completed" | "run.failed" | "run.triage_required" | "triage.overdue" | "agent.rollout.rolled_back")[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            url: string;
                            events: ("run.completed" | "run.failed" | "run.triage_required" | "triage.overdue" | "agent.rollout.rolled_back")[];
                            is_active: boolean;
                            disabled_reason: string | null;
                            disabled_at: string | null;
                            consecutive_failures: number;
                            failing_since: string | null;
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            secret: string;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-deliveries": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            event_id: string;
                            event: string;
                            run_id: string | null;
                            attempt: number;
                            /** @enum {string} */
                            status: "pending" | "succeeded" | "failed";
                            response_status: number | null;
                            error: string | null;
                            duration_ms: number | null;
                            created_at: string;
                            next_attempt_at: string | null;
                            response_body: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                orgId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            webhook_id: string;
                            /** @enum {string} */
                            status: "succeeded" | "failed";
                            response_status: number | null;
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            url: string;
                            events: ("run.completed" | "run.failed" | "run.triage_required" | "triage.overdue" | "agent.rollout.rolled_back")[];
                            is_active: boolean;
                            disabled_reason: string | null;
                            disabled_at: string | null;
                            consecutive_failures: number;
                            failing_since: string | null;
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            /** @description false when it was already active */
                            enabled: boolean;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            url: string;
                            events: ("run.completed" | "run.failed" | "run.triage_required" | "triage.overdue" | "agent.rollout.rolled_back")[];
                            is_active: boolean;
                            disabled_reason: string | null;
                            disabled_at: string | null;
                            consecutive_failures: number;
                            failing_since: string | null;
                            previous_secret_expires_at: string | null;
                            created_at: string;
                            secret: string;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhooks-resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            webhook_id: string;
                            /** Format: uuid */
                            delivery_id: string;
                            event_id: string;
                            /** @constant */
                            status: "queued";
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "batches-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "running" | "completed" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jobs: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                            agent_type: string;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "cancelled";
                            total_rows: number;
                            completed_rows: number;
                            failed_rows: number;
                            created_at: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "batches-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes the request safe to retry: the same key with the same body within 24 h answers the original response without creating anything again; with a different body, 409 conflict. Scoped to the organization, mode and endpoint. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A built-in agent (center, rfq_generator, ap_specialist, assistant) or one of the organization's own (GET /v1/agents). */
                    agent_type: string;
                    /** @description The agent version to run (GET /v1/agents/{name}); default: the agent's active version. Built-ins have version 1. */
                    agent_version?: number;
                    rows: {
                        task: string;
                        data?: {
                            [key: string]: unknown;
                        };
                    }[];
                    name?: string;
                    /** Format: uri */
                    webhook_url?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    /** @description Present when this is the stored response of an earlier request with the same Idempotency-Key */
                    "Idempotent-Replayed"?: "true";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                            agent_type: string;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "cancelled";
                            total_rows: number;
                            completed_rows: number;
                            failed_rows: number;
                            created_at: string;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_credits`: the period's credits cannot cover this request; nothing was charged */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_mode_allowance_exhausted`: the organization's test-mode allowance of model-backed runs for today (UTC) is used up; nothing was accepted. Use a live key, or retry after `resets_at`; `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "batches-get": {
        parameters: {
            query?: {
                rows_limit?: number;
                rows_offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job: {
                            /** Format: uuid */
                            id: string;
                            name: string | null;
                            agent_type: string;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "cancelled";
                            total_rows: number;
                            completed_rows: number;
                            failed_rows: number;
                            created_at: string;
                        };
                        rows: {
                            /** Format: uuid */
                            id: string;
                            row_index: number;
                            task: string;
                            data: {
                                [key: string]: unknown;
                            } | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "completed" | "failed" | "pending_triage" | "cancelled";
                            result: {
                                [key: string]: unknown;
                            } | null;
                            error_message: string | null;
                            run_id: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "batches-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        cancelled: true;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        scope: string;
                        livemode: boolean;
                        period: string;
                        included_credits: number;
                        topup_credits: number;
                        credits_used: number;
                        credits_remaining: number | null;
                        unlimited: boolean;
                        topup_price_per_1000_usd: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            balance_after: number;
                            reason: string;
                            run_id: string | null;
                            member_id: string | null;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        data: {
                            /** Format: uuid */
                            member_id: string;
                            name: string;
                            email: string;
                            runs: number;
                            credits_used: number;
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            name: string;
                            /** @enum {string} */
                            kind: "built_in" | "custom";
                            description: string | null;
                            /** @description The active version (built-ins: 1). */
                            version: number;
                            /** @description The system prompt; null for a rules-based built-in. */
                            instructions: string | null;
                            output_schema: {
                                [key: string]: unknown;
                            };
                            input_schema: {
                                [key: string]: unknown;
                            } | null;
                            tools: string[];
                            review: {
                                confidence_threshold: number | null;
                                always: boolean;
                                /** @description null: the organization's triage_sla_minutes. */
                                sla_minutes?: number | null;
                                /** @description null: the server's setting. */
                                max_rounds?: number | null;
                                /** @description Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate). */
                                spot_check_rate?: number;
                            };
                            model: string | null;
                            /** @description The version's release gate; absent for a built-in. */
                            release?: {
                                require_evaluation: boolean;
                                max_regression: number;
                                min_cases: number;
                            };
                            created_at: string | null;
                            updated_at: string | null;
                            archived_at?: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                        }[];
                        tools: {
                            name: string;
                            description: string;
                        }[];
                        /** @description The models of this server (docs/api-conventions.md, "Model allow-list"). */
                        models: {
                            /** @description The model an agent without `model` asks (AGENT_MODEL); null without a model configured. */
                            default: string | null;
                            /** @description The model ids an agent may name in `model` (the operator's AGENT_MODEL and AGENT_MODELS). */
                            allowed: string[];
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description The system prompt of every run of this version. */
                    instructions: string;
                    /** @description JSON Schema (draft 2020-12) of the run's output, an object schema; default: any JSON object. */
                    output_schema?: {
                        [key: string]: unknown;
                    };
                    /** @description JSON Schema (draft 2020-12) a run's `data` must fit, checked before anything is charged; default: anything. */
                    input_schema?: {
                        [key: string]: unknown;
                    };
                    tools?: ("ap_match" | "rfq_draft")[];
                    review?: {
                        /** @description Runs below this confidence wait for a person; default: the organization's threshold at run time. */
                        confidence_threshold?: number;
                        /** @description Every run waits for a person. */
                        always?: boolean;
                        /** @description Minutes a triage item of this version may wait before it is overdue; default: the organization's triage_sla_minutes. */
                        sla_minutes?: number;
                        /** @description How many times a reviewer may request changes on one run; default: the server's setting (5). */
                        max_rounds?: number;
                        /** @description Share (0–1) of the runs that completed on their own sent to a spot check (docs/api-conventions.md, "Spot checks"); default 0. */
                        spot_check_rate?: number;
                    };
                    /** @description The model id to ask, one of GET /v1/agents' `models.allowed` (else 400); default: the server's AGENT_MODEL. */
                    model?: string;
                    /** @description This version's release gate (docs/api-conventions.md, "Releases"). */
                    release?: {
                        /** @description Making this version active needs a passed evaluation of it (else 409 gate_not_passed); default false. */
                        require_evaluation?: boolean;
                        /** @description How far the evaluation's agreement may fall below the baseline's and still pass; default 0.02. */
                        max_regression?: number;
                        /** @description Judged cases (agreed + disagreed) a passing evaluation needs; default 20. */
                        min_cases?: number;
                    };
                    name: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: {
                            name: string;
                            /** @enum {string} */
                            kind: "built_in" | "custom";
                            description: string | null;
                            /** @description The active version (built-ins: 1). */
                            version: number;
                            /** @description The system prompt; null for a rules-based built-in. */
                            instructions: string | null;
                            output_schema: {
                                [key: string]: unknown;
                            };
                            input_schema: {
                                [key: string]: unknown;
                            } | null;
                            tools: string[];
                            review: {
                                confidence_threshold: number | null;
                                always: boolean;
                                /** @description null: the organization's triage_sla_minutes. */
                                sla_minutes?: number | null;
                                /** @description null: the server's setting. */
                                max_rounds?: number | null;
                                /** @description Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate). */
                                spot_check_rate?: number;
                            };
                            model: string | null;
                            /** @description The version's release gate; absent for a built-in. */
                            release?: {
                                require_evaluation: boolean;
                                max_regression: number;
                                min_cases: number;
                            };
                            created_at: string | null;
                            updated_at: string | null;
                            archived_at?: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: {
                            name: string;
                            /** @enum {string} */
                            kind: "built_in" | "custom";
                            description: string | null;
                            /** @description The active version (built-ins: 1). */
                            version: number;
                            /** @description The system prompt; null for a rules-based built-in. */
                            instructions: string | null;
                            output_schema: {
                                [key: string]: unknown;
                            };
                            input_schema: {
                                [key: string]: unknown;
                            } | null;
                            tools: string[];
                            review: {
                                confidence_threshold: number | null;
                                always: boolean;
                                /** @description null: the organization's triage_sla_minutes. */
                                sla_minutes?: number | null;
                                /** @description null: the server's setting. */
                                max_rounds?: number | null;
                                /** @description Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate). */
                                spot_check_rate?: number;
                            };
                            model: string | null;
                            /** @description The version's release gate; absent for a built-in. */
                            release?: {
                                require_evaluation: boolean;
                                max_regression: number;
                                min_cases: number;
                            };
                            created_at: string | null;
                            updated_at: string | null;
                            archived_at?: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                        };
                        versions: {
                            version: number;
                            created_at: string | null;
                            created_by: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                            created_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            active: boolean;
                            /** @description When it was last made active; null: never. */
                            activated_at: string | null;
                            activated_by: string | null;
                            activated_by_actor?: {
                                /** @enum {string} */
                                type: "member" | "api_key" | "link";
                                /** @description The member's, API key's or link's id (the part of the `…_by` label after the colon). */
                                id: string;
                                /** @description For people: the member's name, or "API key 'laptop' (Ada Admin)" for a key and its creator. */
                                name: string;
                                /**
                                 * @description `link` only: the message the signed link came in.
                                 * @enum {string}
                                 */
                                channel?: "email" | "chat";
                                /** @description `link` only: the address, or the chat webhook URL masked, the link was sent to. */
                                recipient?: string;
                            } | null;
                            /** @description It was last made active with `force`, past its release gate. */
                            forced: boolean;
                            latest_evaluation: {
                                id: string;
                                status: string;
                                agreement_rate: number | null;
                                gate: {
                                    passed: boolean;
                                    reasons: string[];
                                };
                            } | null;
                            latest_rollout: {
                                status: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-archive": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        archived: true;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-addVersion": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string;
                    /** @description The system prompt of every run of this version. */
                    instructions: string;
                    /** @description JSON Schema (draft 2020-12) of the run's output, an object schema; default: any JSON object. */
                    output_schema?: {
                        [key: string]: unknown;
                    };
                    /** @description JSON Schema (draft 2020-12) a run's `data` must fit, checked before anything is charged; default: anything. */
                    input_schema?: {
                        [key: string]: unknown;
                    };
                    tools?: ("ap_match" | "rfq_draft")[];
                    review?: {
                        /** @description Runs below this confidence wait for a person; default: the organization's threshold at run time. */
                        confidence_threshold?: number;
                        /** @description Every run waits for a person. */
                        always?: boolean;
                        /** @description Minutes a triage item of this version may wait before it is overdue; default: the organization's triage_sla_minutes. */
                        sla_minutes?: number;
                        /** @description How many times a reviewer may request changes on one run; default: the server's setting (5). */
                        max_rounds?: number;
                        /** @description Share (0–1) of the runs that completed on their own sent to a spot check (docs/api-conventions.md, "Spot checks"); default 0. */
                        spot_check_rate?: number;
                    };
                    /** @description The model id to ask, one of GET /v1/agents' `models.allowed` (else 400); default: the server's AGENT_MODEL. */
                    model?: string;
                    /** @description This version's release gate (docs/api-conventions.md, "Releases"). */
                    release?: {
                        /** @description Making this version active needs a passed evaluation of it (else 409 gate_not_passed); default false. */
                        require_evaluation?: boolean;
                        /** @description How far the evaluation's agreement may fall below the baseline's and still pass; default 0.02. */
                        max_regression?: number;
                        /** @description Judged cases (agreed + disagreed) a passing evaluation needs; default 20. */
                        min_cases?: number;
                    };
                    /** @description false: store the version without making it active (evaluate it, roll it out, pin runs to it, activate it later); default true. */
                    activate?: boolean;
                    /** @description Make the version active without the passed evaluation its release gate requires; recorded on the version (`forced`). */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: {
                            name: string;
                            /** @enum {string} */
                            kind: "built_in" | "custom";
                            description: string | null;
                            /** @description The active version (built-ins: 1). */
                            version: number;
                            /** @description The system prompt; null for a rules-based built-in. */
                            instructions: string | null;
                            output_schema: {
                                [key: string]: unknown;
                            };
                            input_schema: {
                                [key: string]: unknown;
                            } | null;
                            tools: string[];
                            review: {
                                confidence_threshold: number | null;
                                always: boolean;
                                /** @description null: the organization's triage_sla_minutes. */
                                sla_minutes?: number | null;
                                /** @description null: the server's setting. */
                                max_rounds?: number | null;
                                /** @description Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate). */
                                spot_check_rate?: number;
                            };
                            model: string | null;
                            /** @description The version's release gate; absent for a built-in. */
                            release?: {
                                require_evaluation: boolean;
                                max_regression: number;
                                min_cases: number;
                            };
                            created_at: string | null;
                            updated_at: string | null;
                            archived_at?: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body; `gate_not_passed`: the version has no passed evaluation its release gate requires (`reasons` says why); nothing was changed. `force: true` overrides the gate */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-rollback": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version: number;
                    /** @description Make the version active without the passed evaluation its release gate requires; recorded on the version (`forced`). */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: {
                            name: string;
                            /** @enum {string} */
                            kind: "built_in" | "custom";
                            description: string | null;
                            /** @description The active version (built-ins: 1). */
                            version: number;
                            /** @description The system prompt; null for a rules-based built-in. */
                            instructions: string | null;
                            output_schema: {
                                [key: string]: unknown;
                            };
                            input_schema: {
                                [key: string]: unknown;
                            } | null;
                            tools: string[];
                            review: {
                                confidence_threshold: number | null;
                                always: boolean;
                                /** @description null: the organization's triage_sla_minutes. */
                                sla_minutes?: number | null;
                                /** @description null: the server's setting. */
                                max_rounds?: number | null;
                                /** @description Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate). */
                                spot_check_rate?: number;
                            };
                            model: string | null;
                            /** @description The version's release gate; absent for a built-in. */
                            release?: {
                                require_evaluation: boolean;
                                max_regression: number;
                                min_cases: number;
                            };
                            created_at: string | null;
                            updated_at: string | null;
                            archived_at?: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body; `gate_not_passed`: the version has no passed evaluation its release gate requires (`reasons` says why); nothing was changed. `force: true` overrides the gate */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-copyFromTest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The test-mode version to copy (GET /v1/agents/{name} with a test key lists them). */
                    version: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: {
                            name: string;
                            /** @enum {string} */
                            kind: "built_in" | "custom";
                            description: string | null;
                            /** @description The active version (built-ins: 1). */
                            version: number;
                            /** @description The system prompt; null for a rules-based built-in. */
                            instructions: string | null;
                            output_schema: {
                                [key: string]: unknown;
                            };
                            input_schema: {
                                [key: string]: unknown;
                            } | null;
                            tools: string[];
                            review: {
                                confidence_threshold: number | null;
                                always: boolean;
                                /** @description null: the organization's triage_sla_minutes. */
                                sla_minutes?: number | null;
                                /** @description null: the server's setting. */
                                max_rounds?: number | null;
                                /** @description Share of the runs that completed on their own sent to a spot check; absent for a built-in (the organization sets its rate). */
                                spot_check_rate?: number;
                            };
                            model: string | null;
                            /** @description The version's release gate; absent for a built-in. */
                            release?: {
                                require_evaluation: boolean;
                                max_regression: number;
                                min_cases: number;
                            };
                            created_at: string | null;
                            updated_at: string | null;
                            archived_at?: string | null;
                            /** @description Set on a live version made by POST /v1/agents/{name}/copy-from-test: the test-mode version it copies; null otherwise. */
                            copied_from?: {
                                /** @constant */
                                mode: "test";
                                version: number;
                            } | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body; `gate_not_passed`: the version has no passed evaluation its release gate requires (`reasons` says why); nothing was changed. `force: true` overrides the gate */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-quality": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                version?: number;
                target_agreement?: number;
            };
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agent: string;
                        version: number;
                        period: {
                            from: string;
                            to: string;
                        };
                        runs: number;
                        completed_on_own: number;
                        sent_to_review: number;
                        outcomes: {
                            approved: number;
                            approved_edited: number;
                            changes_requested: number;
                            rejected: number;
                            spot_correct: number;
                            spot_incorrect: number;
                        };
                        buckets: {
                            min: number;
                            max: number;
                            /** @description Runs of the period whose confidence (their last round's) falls in [min, max) (the last band includes 1.0). */
                            runs: number;
                            /** @description Decisions people made on proposals whose confidence falls in [min, max): each decided review round and spot check, at that round's own confidence. */
                            judged: number;
                            /** @description Of the judged, decisions that agreed with the agent. */
                            agreed: number;
                            /** @description agreed / judged; null when nothing was judged. */
                            agreement_rate: number | null;
                        }[];
                        threshold: {
                            current: number;
                            recommended: number | null;
                            target_agreement: number;
                            review_rate_now: number | null;
                            review_rate_at_recommended: number | null;
                            /** @description Why there is no recommendation (too little evidence, or no threshold reaches the target). */
                            reason?: string;
                        };
                        /** @description Only while a canary rollout of the agent runs: both versions side by side, over the runs the rollout split (docs/api-conventions.md, "Rollouts"). */
                        rollout?: {
                            percent: number;
                            candidate: {
                                version: number;
                                /** @description Runs the rollout sent to this version. */
                                runs: number;
                                judged: number;
                                agreement_rate: number | null;
                            };
                            baseline: {
                                version: number;
                                /** @description Runs the rollout sent to this version. */
                                runs: number;
                                judged: number;
                                agreement_rate: number | null;
                            };
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "evaluations-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                version?: number;
            };
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            cases: number;
                            completed_cases: number;
                            agreed: number;
                            disagreed: number;
                            sent_to_review: number;
                            failed_cases: number;
                            /** @description agreed ÷ (agreed + disagreed); null without any. */
                            agreement_rate: number | null;
                            /** @description sent_to_review ÷ cases that finished; null before any finished. */
                            review_rate: number | null;
                            /** @description 0.1-wide bands of the version's own confidence on each case. */
                            by_band: {
                                min: number;
                                max: number;
                                cases: number;
                                agreed: number;
                                disagreed: number;
                                sent_to_review: number;
                            }[];
                            baseline: {
                                version: number;
                                agreement_rate: number | null;
                                review_rate: number | null;
                            };
                            /** @description Whether this evaluation passes the version's release gate, and why not. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            /** @description Credits charged when it started less what was refunded. */
                            credits: number;
                            created_at: string;
                            completed_at: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "evaluations-start": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version: number;
                    /**
                     * Format: date-time
                     * @description Judged runs created at or after this instant; default: 30 days before `to`.
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     * @description Judged runs created before this instant; default: now.
                     */
                    to?: string;
                    /** @description How many judged runs to replay, newest first (default 200). */
                    limit?: number;
                    /** @description Answer 200 `{cases, credits}` and start nothing. */
                    dry_run?: boolean;
                };
            };
        };
        responses: {
            /** @description `dry_run`: the estimate `{cases, credits}`; nothing was started or charged. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        evaluation: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            cases: number;
                            completed_cases: number;
                            agreed: number;
                            disagreed: number;
                            sent_to_review: number;
                            failed_cases: number;
                            /** @description agreed ÷ (agreed + disagreed); null without any. */
                            agreement_rate: number | null;
                            /** @description sent_to_review ÷ cases that finished; null before any finished. */
                            review_rate: number | null;
                            /** @description 0.1-wide bands of the version's own confidence on each case. */
                            by_band: {
                                min: number;
                                max: number;
                                cases: number;
                                agreed: number;
                                disagreed: number;
                                sent_to_review: number;
                            }[];
                            baseline: {
                                version: number;
                                agreement_rate: number | null;
                                review_rate: number | null;
                            };
                            /** @description Whether this evaluation passes the version's release gate, and why not. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            /** @description Credits charged when it started less what was refunded. */
                            credits: number;
                            created_at: string;
                            completed_at: string | null;
                        };
                    } | {
                        /** @description Judged runs the evaluation would replay. */
                        cases: number;
                        /** @description What it would charge (0 in test mode). */
                        credits: number;
                    };
                };
            };
            /** @description Successful response */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        evaluation: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            cases: number;
                            completed_cases: number;
                            agreed: number;
                            disagreed: number;
                            sent_to_review: number;
                            failed_cases: number;
                            /** @description agreed ÷ (agreed + disagreed); null without any. */
                            agreement_rate: number | null;
                            /** @description sent_to_review ÷ cases that finished; null before any finished. */
                            review_rate: number | null;
                            /** @description 0.1-wide bands of the version's own confidence on each case. */
                            by_band: {
                                min: number;
                                max: number;
                                cases: number;
                                agreed: number;
                                disagreed: number;
                                sent_to_review: number;
                            }[];
                            baseline: {
                                version: number;
                                agreement_rate: number | null;
                                review_rate: number | null;
                            };
                            /** @description Whether this evaluation passes the version's release gate, and why not. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            /** @description Credits charged when it started less what was refunded. */
                            credits: number;
                            created_at: string;
                            completed_at: string | null;
                        };
                    } | {
                        /** @description Judged runs the evaluation would replay. */
                        cases: number;
                        /** @description What it would charge (0 in test mode). */
                        credits: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_credits`: the period's credits cannot cover this request; nothing was charged */
            402: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `test_mode_allowance_exhausted`: the organization's test-mode allowance of model-backed runs for today (UTC) is used up; nothing was accepted. Use a live key, or retry after `resets_at`; `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "evaluations-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        evaluation: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            cases: number;
                            completed_cases: number;
                            agreed: number;
                            disagreed: number;
                            sent_to_review: number;
                            failed_cases: number;
                            /** @description agreed ÷ (agreed + disagreed); null without any. */
                            agreement_rate: number | null;
                            /** @description sent_to_review ÷ cases that finished; null before any finished. */
                            review_rate: number | null;
                            /** @description 0.1-wide bands of the version's own confidence on each case. */
                            by_band: {
                                min: number;
                                max: number;
                                cases: number;
                                agreed: number;
                                disagreed: number;
                                sent_to_review: number;
                            }[];
                            baseline: {
                                version: number;
                                agreement_rate: number | null;
                                review_rate: number | null;
                            };
                            /** @description Whether this evaluation passes the version's release gate, and why not. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            /** @description Credits charged when it started less what was refunded. */
                            credits: number;
                            created_at: string;
                            completed_at: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "evaluations-cases": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                outcome?: "agreed" | "disagreed" | "sent_to_review";
            };
            header?: never;
            path: {
                name: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            run_id: string;
                            /** @description null while the case has not finished, or when the service failed it. */
                            outcome: ("agreed" | "disagreed" | "sent_to_review") | null;
                            /** @enum {string} */
                            status: "pending" | "running" | "done" | "failed" | "cancelled";
                            /** @description What people decided: the output it should be, or that a person should review it. */
                            expected: {
                                output: {
                                    [key: string]: unknown;
                                };
                            } | {
                                /** @constant */
                                review: true;
                            };
                            output: {
                                [key: string]: unknown;
                            } | null;
                            confidence: number | null;
                            /** @description The version routed the case to a person. */
                            sent_to_review: boolean;
                            /** @description JSON Pointers (from the output's root) where the output and the expected one differ. */
                            differences: string[];
                            error: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "evaluations-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        evaluation: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            /** @enum {string} */
                            status: "queued" | "running" | "completed" | "failed" | "cancelled";
                            cases: number;
                            completed_cases: number;
                            agreed: number;
                            disagreed: number;
                            sent_to_review: number;
                            failed_cases: number;
                            /** @description agreed ÷ (agreed + disagreed); null without any. */
                            agreement_rate: number | null;
                            /** @description sent_to_review ÷ cases that finished; null before any finished. */
                            review_rate: number | null;
                            /** @description 0.1-wide bands of the version's own confidence on each case. */
                            by_band: {
                                min: number;
                                max: number;
                                cases: number;
                                agreed: number;
                                disagreed: number;
                                sent_to_review: number;
                            }[];
                            baseline: {
                                version: number;
                                agreement_rate: number | null;
                                review_rate: number | null;
                            };
                            /** @description Whether this evaluation passes the version's release gate, and why not. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            /** @description Credits charged when it started less what was refunded. */
                            credits: number;
                            created_at: string;
                            completed_at: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rollouts-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rollout: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            percent: number;
                            min_judged: number;
                            min_agreement: number;
                            spot_check_rate: number;
                            /** @enum {string} */
                            status: "running" | "promoted" | "rolled_back" | "cancelled";
                            /** @description Runs sent to the candidate. */
                            runs: number;
                            /** @description Candidate runs people judged. */
                            judged: number;
                            agreed: number;
                            agreement_rate: number | null;
                            baseline: {
                                runs: number;
                                judged: number;
                                agreement_rate: number | null;
                            };
                            /** @description Whether promoting now passes the candidate's release gate. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            started_at: string;
                            ended_at: string | null;
                            reason: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rollouts-start": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    version: number;
                    /** @description Share of the unpinned runs sent to the candidate: exactly floor(n × percent / 100) of n. */
                    percent: number;
                    /** @description Judged candidate runs before the guard acts (default 20). */
                    min_judged?: number;
                    /** @description Agreement below which it rolls back; default: the active version's agreement − max_regression, or 0.9 without one. */
                    min_agreement?: number;
                    /** @description Share of the candidate's runs that completed on their own sent to a spot check (default 0.2). */
                    spot_check_rate?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rollout: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            percent: number;
                            min_judged: number;
                            min_agreement: number;
                            spot_check_rate: number;
                            /** @enum {string} */
                            status: "running" | "promoted" | "rolled_back" | "cancelled";
                            /** @description Runs sent to the candidate. */
                            runs: number;
                            /** @description Candidate runs people judged. */
                            judged: number;
                            agreed: number;
                            agreement_rate: number | null;
                            baseline: {
                                runs: number;
                                judged: number;
                                agreement_rate: number | null;
                            };
                            /** @description Whether promoting now passes the candidate's release gate. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            started_at: string;
                            ended_at: string | null;
                            reason: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rollouts-promote": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Promote without a passed evaluation (recorded on the version). */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rollout: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            percent: number;
                            min_judged: number;
                            min_agreement: number;
                            spot_check_rate: number;
                            /** @enum {string} */
                            status: "running" | "promoted" | "rolled_back" | "cancelled";
                            /** @description Runs sent to the candidate. */
                            runs: number;
                            /** @description Candidate runs people judged. */
                            judged: number;
                            agreed: number;
                            agreement_rate: number | null;
                            baseline: {
                                runs: number;
                                judged: number;
                                agreement_rate: number | null;
                            };
                            /** @description Whether promoting now passes the candidate's release gate. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            started_at: string;
                            ended_at: string | null;
                            reason: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body; `gate_not_passed`: the version has no passed evaluation its release gate requires (`reasons` says why); nothing was changed. `force: true` overrides the gate */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "rollouts-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rollout: {
                            id: string;
                            agent: string;
                            version: number;
                            baseline_version: number;
                            percent: number;
                            min_judged: number;
                            min_agreement: number;
                            spot_check_rate: number;
                            /** @enum {string} */
                            status: "running" | "promoted" | "rolled_back" | "cancelled";
                            /** @description Runs sent to the candidate. */
                            runs: number;
                            /** @description Candidate runs people judged. */
                            judged: number;
                            agreed: number;
                            agreement_rate: number | null;
                            baseline: {
                                runs: number;
                                judged: number;
                                agreement_rate: number | null;
                            };
                            /** @description Whether promoting now passes the candidate's release gate. */
                            gate: {
                                passed: boolean;
                                reasons: string[];
                            };
                            started_at: string;
                            ended_at: string | null;
                            reason: string | null;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `conflict`: the resource is not in a state that allows this, or the Idempotency-Key was used with another body */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reviewRoutes-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ReviewRoute"][];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reviewRoutes-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A built-in agent type or a custom agent's name. */
                agent_type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        route: components["schemas"]["ReviewRoute"];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reviewRoutes-put": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A built-in agent type or a custom agent's name. */
                agent_type: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Told when an item opens (every kind, every round).
                     * @default []
                     */
                    notify?: ({
                        /** Format: email */
                        email: string;
                    } | {
                        /**
                         * Format: uri
                         * @description An https incoming-webhook URL that accepts Slack-compatible Block Kit JSON (Slack, Mattermost, Rocket.Chat). A credential: stored encrypted, shown masked to callers without `agents:write`.
                         */
                        chat_webhook_url: string;
                    })[];
                    /** @default [] */
                    escalation?: {
                        /** @description Minutes after the item opened; sent once, if the item is still open then. */
                        after_minutes: number;
                        notify: ({
                            /** Format: email */
                            email: string;
                        } | {
                            /**
                             * Format: uri
                             * @description An https incoming-webhook URL that accepts Slack-compatible Block Kit JSON (Slack, Mattermost, Rocket.Chat). A credential: stored encrypted, shown masked to callers without `agents:write`.
                             */
                            chat_webhook_url: string;
                        })[];
                    }[];
                    /**
                     * @default {
                     *       "required": 1
                     *     }
                     */
                    approvals?: {
                        /**
                         * @description Distinct people who must approve (1–5).
                         * @default 1
                         */
                        required?: number;
                        /** @description Without it the quorum applies to every review item of the agent type; with it, only where the condition holds (else one approval decides). */
                        when?: {
                            /** @description A JSON Pointer into the run's input data. */
                            path: string;
                            /** @description The quorum applies when the number at `path` is greater than this. */
                            gt: number;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        route: components["schemas"]["ReviewRoute"];
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reviewRoutes-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A built-in agent type or a custom agent's name. */
                agent_type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "reviewRoutes-testMessage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A built-in agent type or a custom agent's name. */
                agent_type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description `{email}` or `{chat_webhook_url}`. */
                    recipient: {
                        /** Format: email */
                        email: string;
                    } | {
                        /**
                         * Format: uri
                         * @description An https incoming-webhook URL that accepts Slack-compatible Block Kit JSON (Slack, Mattermost, Rocket.Chat). A credential: stored encrypted, shown masked to callers without `agents:write`.
                         */
                        chat_webhook_url: string;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        sent: true;
                        /** @enum {string} */
                        channel: "email" | "chat";
                        /** @description The address, or the chat URL masked. */
                        recipient: string;
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `message_not_delivered`: a test review message was refused by the mail server or the chat webhook (or could not reach it); `reason` says what answered */
            502: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The mode these settings apply to: the key's (or the dashboard's). */
                        livemode: boolean;
                        /** @description The AP agent's tolerances in this mode (defaults where never set). */
                        ap: {
                            /** @description A unit price or total within this percentage of the purchase order's matches it (0.5 means 0.5 %). Default 0.5. */
                            price_tolerance_percent: number;
                            /** @description Units: a quantity this close to the order's or the receipt's matches it. Default 0. */
                            quantity_tolerance: number;
                            /** @description Absolute, in the invoice's currency: a total this close to the order's (or to what is left of it) matches; the larger of this and the percentage applies. Default 0. */
                            amount_tolerance: number;
                            /** @description Invoices of one vendor with the same amount and invoice dates at most this many days apart are possible duplicates. Default 30. */
                            duplicate_window_days: number;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "settings-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ap: {
                        /** @description A unit price or total within this percentage of the purchase order's matches it (0.5 means 0.5 %). Default 0.5. */
                        price_tolerance_percent?: number;
                        /** @description Units: a quantity this close to the order's or the receipt's matches it. Default 0. */
                        quantity_tolerance?: number;
                        /** @description Absolute, in the invoice's currency: a total this close to the order's (or to what is left of it) matches; the larger of this and the percentage applies. Default 0. */
                        amount_tolerance?: number;
                        /** @description Invoices of one vendor with the same amount and invoice dates at most this many days apart are possible duplicates. Default 30. */
                        duplicate_window_days?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The mode these settings apply to: the key's (or the dashboard's). */
                        livemode: boolean;
                        /** @description The AP agent's tolerances in this mode (defaults where never set). */
                        ap: {
                            /** @description A unit price or total within this percentage of the purchase order's matches it (0.5 means 0.5 %). Default 0.5. */
                            price_tolerance_percent: number;
                            /** @description Units: a quantity this close to the order's or the receipt's matches it. Default 0. */
                            quantity_tolerance: number;
                            /** @description Absolute, in the invoice's currency: a total this close to the order's (or to what is left of it) matches; the larger of this and the percentage applies. Default 0. */
                            amount_tolerance: number;
                            /** @description Invoices of one vendor with the same amount and invoice dates at most this many days apart are possible duplicates. Default 30. */
                            duplicate_window_days: number;
                        };
                    };
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `payload_too_large`: the request body is larger than the server accepts */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `unsupported_media_type`: the request body is not JSON */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "runs-stream": {
        parameters: {
            query?: never;
            header?: {
                /** @description The `id:` of the last update the client received (an EventSource sends it when it reconnects) */
                "Last-Event-ID"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events. The schema is that of one event's data: each update is an `id:` line and a `data:` line holding a RunStreamEvent as JSON (see its description for the framing). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["RunStreamEvent"];
                };
            };
            /** @description The run is finished and the request's `Last-Event-ID` is the id of its final update: nothing more will come (an EventSource stops reconnecting) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "agents-corrections": {
        parameters: {
            query?: {
                /** @description An ISO 8601 date-time with offset or a date (midnight UTC). */
                from?: string;
                /** @description An ISO 8601 date-time with offset or a date (midnight UTC). */
                to?: string;
            };
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description application/x-ndjson: one line per judged run, `{run_id, agent_version, task, data, proposed_output, final_output, decision, feedback, reason_code, judged_at}` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `not_found`: no such resource in the caller's organization and mode */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "usage-ledger": {
        parameters: {
            query?: {
                /** @description Entries per page, 1–100 (default 20); ignored by the CSV export, which holds every entry. */
                limit?: number;
                /** @description `next_cursor` of the previous page; leave out for the newest entries. */
                cursor?: string;
                /** @description `csv` exports the whole ledger from the cursor on as text/csv with a header row (default json: one page). */
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries (JSON), or with `format=csv` the whole ledger as CSV: `id,created_at,amount,balance_after,reason,run_id,member_id`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            amount: number;
                            balance_after: number;
                            reason: string;
                            run_id: string | null;
                            member_id: string | null;
                            created_at: string;
                        }[];
                        /** @description Pass as `cursor` for the next (older) entries; null on the last page. */
                        next_cursor: string | null;
                    };
                    "text/csv": string;
                };
            };
            /** @description `validation_error`: the request failed validation; `issues` name each field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `authentication_error`: the API key (or the dashboard session) is missing, malformed, unknown, revoked or expired */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `insufficient_scope`: the key lacks the scope this operation requires; `plan_required`: the organization's plan does not include API access */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `rate_limited`: a rate limit, the daily call cap or the cap on open event streams per API key was reached; retry after `retry_after` seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `internal_error`: an unexpected error; the body carries the request id */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `service_unavailable`: a service this request needs is unavailable; retry later */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhook-run-completed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Standard Webhooks: the event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: Unix seconds when this attempt was signed; refuse stale ones.
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`; during a secret rotation's overlap, a space-separated list (new secret first).
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`), under the current secret.
                 * @example sha256=3b1f0c6e5d4a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event name (the body's `event`).
                 * @example run.completed
                 */
                "X-Service-Event": string;
                /**
                 * @description The event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description When this attempt was signed (ISO 8601).
                 * @example 2026-01-01T00:00:00.000Z
                 */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx status counts as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused. Any other status (or no answer within 10 s) is a failed attempt: the delivery is retried with backoff. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-run-failed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Standard Webhooks: the event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: Unix seconds when this attempt was signed; refuse stale ones.
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`; during a secret rotation's overlap, a space-separated list (new secret first).
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`), under the current secret.
                 * @example sha256=3b1f0c6e5d4a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event name (the body's `event`).
                 * @example run.completed
                 */
                "X-Service-Event": string;
                /**
                 * @description The event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description When this attempt was signed (ISO 8601).
                 * @example 2026-01-01T00:00:00.000Z
                 */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx status counts as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused. Any other status (or no answer within 10 s) is a failed attempt: the delivery is retried with backoff. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-run-triage-required": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Standard Webhooks: the event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: Unix seconds when this attempt was signed; refuse stale ones.
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`; during a secret rotation's overlap, a space-separated list (new secret first).
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`), under the current secret.
                 * @example sha256=3b1f0c6e5d4a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event name (the body's `event`).
                 * @example run.completed
                 */
                "X-Service-Event": string;
                /**
                 * @description The event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description When this attempt was signed (ISO 8601).
                 * @example 2026-01-01T00:00:00.000Z
                 */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx status counts as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused. Any other status (or no answer within 10 s) is a failed attempt: the delivery is retried with backoff. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-triage-overdue": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Standard Webhooks: the event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: Unix seconds when this attempt was signed; refuse stale ones.
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`; during a secret rotation's overlap, a space-separated list (new secret first).
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`), under the current secret.
                 * @example sha256=3b1f0c6e5d4a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event name (the body's `event`).
                 * @example run.completed
                 */
                "X-Service-Event": string;
                /**
                 * @description The event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description When this attempt was signed (ISO 8601).
                 * @example 2026-01-01T00:00:00.000Z
                 */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TriageOverdueEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx status counts as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused. Any other status (or no answer within 10 s) is a failed attempt: the delivery is retried with backoff. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-agent-rollout-rolled-back": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Standard Webhooks: the event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "webhook-id": string;
                /**
                 * @description Standard Webhooks: Unix seconds when this attempt was signed; refuse stale ones.
                 * @example 1767225600
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` keyed with the base64-decoded part of the secret after `whsec_`; during a secret rotation's overlap, a space-separated list (new secret first).
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
                /**
                 * @description `sha256=` + hex HMAC-SHA256 of the raw body keyed with the whole secret string (`whsec_…`), under the current secret.
                 * @example sha256=3b1f0c6e5d4a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e
                 */
                "X-Service-Signature": string;
                /**
                 * @description The event name (the body's `event`).
                 * @example run.completed
                 */
                "X-Service-Event": string;
                /**
                 * @description The event id (the body's `id`).
                 * @example evt_6f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f
                 */
                "X-Service-Event-Id": string;
                /**
                 * @description When this attempt was signed (ISO 8601).
                 * @example 2026-01-01T00:00:00.000Z
                 */
                "X-Service-Timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RolloutRolledBackEvent"];
            };
        };
        responses: {
            /** @description Received. Any 2xx status counts as delivered. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Refused. Any other status (or no answer within 10 s) is a failed attempt: the delivery is retried with backoff. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
