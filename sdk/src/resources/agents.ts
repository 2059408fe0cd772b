// Agent definitions: the organization's own agents (per mode) and their immutable versions.
import { AgentWorkforceError } from "../errors.js";
import { segment, type HttpClient, type RequestOptions } from "../http.js";
import { Evaluations } from "./evaluations.js";
import { Rollouts } from "./rollouts.js";
import type {
  AddAgentVersionParams,
  AgentCorrectionsParams,
  AgentQuality,
  AgentQualityParams,
  AgentResponse,
  AgentVersion,
  ArchiveAgentResponse,
  Correction,
  CreateAgentParams,
  GetAgentResponse,
  ListAgentsResponse,
  RollbackAgentParams,
} from "../types.js";

export class Agents {
  /** Evaluations of a version over the agent's judged runs: `aw.agents.evaluations.create(name, { version })`. */
  readonly evaluations: Evaluations;
  /** The agent's canary rollout: `aw.agents.rollout.start(name, { version, percent })`. */
  readonly rollout: Rollouts;

  constructor(private readonly http: HttpClient) {
    this.evaluations = new Evaluations(http);
    this.rollout = new Rollouts(http);
  }

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

  /**
   * POST /v1/agents/{name}/versions (201): an immutable new version, active from now on, or
   * stored without going live with `activate: false`. Made active under a release gate that
   * requires an evaluation it is refused (GateNotPassedError, nothing stored) unless `force: true`.
   */
  addVersion(name: string, params: AddAgentVersionParams, options: RequestOptions = {}): Promise<AgentResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/versions`, { body: params, signal: options.signal });
  }

  /**
   * POST /v1/agents/{name}/rollback: makes another version active (an earlier one, or one
   * stored with `activate: false`). A version never active before must pass its release gate
   * (GateNotPassedError) unless `force: true`.
   */
  rollback(name: string, version: number, options: RequestOptions & RollbackAgentParams = {}): Promise<AgentResponse> {
    const { signal, ...params } = options;
    return this.http.json("POST", `/v1/agents/${segment(name)}/rollback`, { body: { version, ...params }, signal });
  }

  /**
   * POST /v1/agents/{name}/copy-from-test (a live-mode key): test-mode version `version`
   * becomes the live agent's version 1, or its next version, recording `copied_from`.
   */
  copyFromTest(name: string, version: number, options: RequestOptions = {}): Promise<AgentResponse> {
    return this.http.json("POST", `/v1/agents/${segment(name)}/copy-from-test`, { body: { version }, signal: options.signal });
  }

  /** DELETE /v1/agents/{name}: archives it; new runs are refused, past runs stay readable. */
  archive(name: string, options: RequestOptions = {}): Promise<ArchiveAgentResponse> {
    return this.http.json("DELETE", `/v1/agents/${segment(name)}`, options);
  }

  /**
   * GET /v1/agents/{name}/quality: agreement per confidence band for one version (default the
   * active one) over a period (default the last 30 days), and the recommended threshold.
   */
  quality(name: string, params: AgentQualityParams = {}, options: RequestOptions = {}): Promise<AgentQuality> {
    return this.http.json("GET", `/v1/agents/${segment(name)}/quality`, { query: params, signal: options.signal });
  }

  /**
   * GET /v1/agents/{name}/corrections: the judged runs as they stream in (JSON Lines), one
   * parsed object per line. A body cut off before its last newline throws.
   */
  async *corrections(name: string, params: AgentCorrectionsParams = {}, options: RequestOptions = {}): AsyncGenerator<Correction, void, undefined> {
    const response = await this.http.open("GET", `/v1/agents/${segment(name)}/corrections`, {
      query: params,
      headers: { accept: "application/x-ndjson" },
      signal: options.signal,
    });
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += decoder.decode(value, { stream: true });
        let newline = pending.indexOf("\n");
        while (newline >= 0) {
          const line = pending.slice(0, newline);
          pending = pending.slice(newline + 1);
          if (line.trim()) yield JSON.parse(line) as Correction;
          newline = pending.indexOf("\n");
        }
      }
    } catch (error) {
      if (error instanceof SyntaxError) throw new AgentWorkforceError("The corrections export sent a line that is not JSON", { cause: error });
      throw error;
    } finally {
      reader.releaseLock();
    }
    pending += decoder.decode();
    if (pending.trim()) throw new AgentWorkforceError("The corrections export was cut off before its last line ended");
  }
}
