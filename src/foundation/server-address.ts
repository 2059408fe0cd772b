// The port the server actually listens on (PORT=0 lets the OS pick one), known once it
// listens. Kept on globalThis: the custom server's bundle sets it, Next's bundle (the
// dashboard's sign-in routes) reads it.
const store = globalThis as unknown as { __agentWorkforceListeningPort?: number };

export function setListeningPort(port: number): void {
  store.__agentWorkforceListeningPort = port;
}

/** The listening port, or the configured one before the server listens (or outside it). */
export function listeningPort(configuredPort: number): number {
  return store.__agentWorkforceListeningPort ?? configuredPort;
}
