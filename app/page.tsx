export default function HomePage() {
  return (
    <main>
      <h1>Agent Workforce</h1>
      <p>Start agent runs over HTTP, follow them, and review what the agents are unsure of.</p>
      <ul>
        <li>
          <a href="/v1/health">/v1/health</a> — service status
        </li>
        <li>
          <a href="/v1/openapi.json">/v1/openapi.json</a> — the API contract (OpenAPI 3)
        </li>
        <li>
          <a href="/docs">/docs</a> — interactive API reference
        </li>
      </ul>
    </main>
  );
}
