// The periodic sweep that announces triage items past due_at (triage.overdue) through the
// webhook deliveries every event uses (deliver-webhook: SSRF-checked egress, signatures,
// retries). Every instance sweeps; the delivery keys and the conditional mark make that safe
// (src/domains/webhooks/triage-overdue.ts).
import { logger } from "../foundation/logger.ts";
import {
  findUnannouncedOverdueItems,
  markTriageOverdueNotified,
  planTriageOverdueDeliveries,
} from "../domains/webhooks/triage-overdue.ts";
import { inngest } from "./client.ts";

const ITEMS_PER_PASS = 200;

/** One pass: returns how many items it marked announced (a full page is followed by another pass). */
export async function announceOverdueTriageItems(): Promise<number> {
  let marked = 0;
  for (;;) {
    const items = await findUnannouncedOverdueItems(ITEMS_PER_PASS);
    if (items.length === 0) return marked;
    const targets = await planTriageOverdueDeliveries(items);
    // Requested before the mark: a crash in between repeats the request next pass, and the
    // delivery keys (event id + webhook) make the repeat start nothing new.
    if (targets.length > 0) {
      await inngest.send(targets.map((target) => ({ name: "app/webhook.delivery-requested" as const, id: target.deliveryKey, data: target })));
    }
    const ids = await markTriageOverdueNotified(items.map((item) => item.id));
    marked += ids.length;
    if (ids.length > 0) logger.info("announced overdue triage items", { items: ids.length, deliveries: targets.length });
    // Another instance marked this page first (or its items were decided meanwhile): stop here
    // rather than loop on rows this pass cannot mark.
    if (items.length < ITEMS_PER_PASS || ids.length === 0) return marked;
  }
}

/** Sweeps every `intervalMs` for the life of the process; a pass never overlaps the previous one. */
export function startTriageOverdueSweep(intervalMs: number): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      announceOverdueTriageItems()
        .catch((error: unknown) => logger.warn("overdue triage sweep failed; the next pass retries", { error: String(error) }))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
