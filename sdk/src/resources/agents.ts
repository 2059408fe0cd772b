// Agent definitions: the organization's own agents (per mode) and their immutable versions.
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import type { AddAgentVersionParams, AgentResponse, AgentVersion, ArchiveAgentResponse, CreateAgentParams, GetAgentResponse, ListAgentsResponse } from "../types.js";

export class Agents {
  constructor(private readonly http: HttpClient) {}

  /** GET /v1/agents: the built-ins, the organization's own agents in the key's mode, and the tools. */
  list(options: RequestOptions = {}): Promise<ListAgentsResponse> {
    return this.http.json("GET", "/v1/agents", options);
  }

  /** POST /v1/agents (201): defines an agent, its version 1. */
  create(params: CreateAgentParams, options: RequestOptions = {}): Promise<AgentResponse> {
    return this.http.json("POST", "/v1/agents", { body: params, signal: options.signal });
  }

  /** GET /v1/agents/{name}: the agent and its versions. */
  get(name: string, options: RequestOptions = {}): Promise<GetAgentResponse> {
    return this.http.json("GET", `/v1/agents/${segment(name)}`, options);
  }

  /** The agent's versions (from GET /v1/agents/{name}). */
  async versions(name: string, options: RequestOptions = {}): Promise<AgentVersion[]> {
    return (await this.get(name, options)).versions;
  }

  /** POST /v1/agents/{name}/versions (201): an immutable new version, active from now on. */
  addVersion(name: string, params: AddAgentVersionParams, options: RequestOptions = {}): Promise<AgentResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/versions`, { body: params, signal: options.signal });
  }

  /** POST /v1/agents/{name}/rollback: makes an earlier version active again. */
  rollback(name: string, version: number, options: RequestOptions = {}): Promise<AgentResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/rollback`, { body: { version }, signal: options.signal });
  }

  /** DELETE /v1/agents/{name}: archives it; new runs are refused, past runs stay readable. */
  archive(name: string, options: RequestOptions = {}): Promise<ArchiveAgentResponse> {
    return this.http.json("DELETE", `/v1/agents/${segment(name)}`, options);
  }
}
