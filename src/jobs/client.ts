// The one Inngest client. With a real Inngest server configured (the SDK's own
// INNGEST_* variables) events go to it; otherwise the client runs in dev mode and a
// middleware hands every sent event (inngest.send and step.sendEvent alike) to the
// embedded executor, which runs the very same functions in-process.
import { Inngest, Middleware, type SendEventBaseOutput } from "inngest";
import { usesInngestServer } from "../foundation/env.ts";

export const INNGEST_APP_ID = "agent-workforce";

export interface TEmbeddedEventSink {
  accept(events: readonly { name: string; data?: unknown; id?: string; ts?: number }[]): Promise<string[]>;
}

type TSinkStore = { __agentWorkforceEventSink?: TEmbeddedEventSink };
const store = globalThis as unknown as TSinkStore;

export function setEmbeddedEventSink(sink: TEmbeddedEventSink | undefined): void {
  store.__agentWorkforceEventSink = sink;
}

class EmbeddedSendMiddleware extends Middleware.BaseMiddleware {
  readonly id = "embedded-send";

  override async wrapSendEvent(args: Middleware.WrapSendEventArgs): Promise<SendEventBaseOutput> {
    const sink = store.__agentWorkforceEventSink;
    if (!sink) throw new Error("No embedded executor is running to receive events");
    const ids = await sink.accept(args.events as never);
    return { ids } as SendEventBaseOutput;
  }
}

export const inngest = usesInngestServer()
  ? new Inngest({ id: INNGEST_APP_ID })
  : new Inngest({ id: INNGEST_APP_ID, isDev: true, middleware: [EmbeddedSendMiddleware] });
