"use client";
// Defining an agent, or its next version (an edit never changes a version: it adds one,
// active from then on, or stored inactive to evaluate and roll out first). The output schema is checked as it is typed; the server's 400
// message is shown on submit for anything the light check lets through.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState, type FormEvent } from "react";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input, Select, Textarea } from "../ui/input";
import { checkOutputSchema } from "./schema-check";
import type { TAgentTool, TAgentView, TModelChoices, TToolName } from "./types";

const DEFAULT_SCHEMA = JSON.stringify({ type: "object", properties: { answer: { type: "string" } }, required: ["answer"] }, null, 2);

export function AgentForm({
  agent,
  tools,
  models,
  onDone,
  onCancel,
}: {
  /** The agent to add a version to; absent to define a new one. */
  agent?: TAgentView;
  tools: TAgentTool[];
  /** The models the server allows (agents.list's `models`): the select offers only these. */
  models: TModelChoices;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState(agent?.description ?? "");
  const [instructions, setInstructions] = useState(agent?.instructions ?? "");
  const [schemaText, setSchemaText] = useState(agent ? JSON.stringify(agent.output_schema, null, 2) : DEFAULT_SCHEMA);
  const [chosenTools, setChosenTools] = useState<string[]>(agent?.tools ?? []);
  const [threshold, setThreshold] = useState(agent?.review.confidence_threshold?.toString() ?? "");
  const [always, setAlways] = useState(agent?.review.always ?? false);
  // A new version is active at once unless the admin stores it to evaluate or roll out first.
  const [activate, setActivate] = useState(true);
  // "" is the server's default model. A version's model the server no longer allows is not
  // offered: saving the next version moves it to an allowed one (the server refuses others).
  const [model, setModel] = useState(agent?.model && models.allowed.includes(agent.model) ? agent.model : "");
  const schemaCheck = useMemo(() => checkOutputSchema(schemaText), [schemaText]);
  const thresholdValue = threshold.trim() === "" ? undefined : Number(threshold);
  const thresholdProblem =
    thresholdValue !== undefined && !(thresholdValue >= 0 && thresholdValue <= 1) ? "Enter a number between 0 and 1, or leave it empty" : undefined;

  const settled = async (saved: { agent: { name: string } }) => {
    await queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name: saved.agent.name }) });
    onDone(saved.agent.name);
  };
  const create = useMutation(trpc.agents.create.mutationOptions({ onSuccess: settled }));
  const addVersion = useMutation(trpc.agents.addVersion.mutationOptions({ onSuccess: settled }));
  const saving = create.isPending || addVersion.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!schemaCheck.schema || thresholdProblem) return;
    const body = {
      description: description.trim() || undefined,
      instructions,
      output_schema: schemaCheck.schema,
      // The server's own list (agents.list's tools) is what the checkboxes offer.
      tools: chosenTools as TToolName[],
      // What the form does not edit carries over to the next version unchanged.
      input_schema: agent?.input_schema ?? undefined,
      model: model || undefined,
      review: { confidence_threshold: thresholdValue, always },
      release: agent?.release ?? undefined,
    };
    if (agent) addVersion.mutate({ name: agent.name, ...body, activate });
    else create.mutate({ name: name.trim(), ...body });
  };

  const title = agent ? `New version of ${agent.name}` : "New agent";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {agent
            ? `Saving adds version ${agent.version + 1}, active from then on unless you store it inactive; runs keep the version they started with.`
            : "Version 1 of an agent of this organization, in the current mode. A custom agent needs the server's model to run."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-label={title} onSubmit={submit} className="grid gap-4" noValidate>
          {agent ? null : (
            <Field id={`${id}-name`} label="Name" hint="Lower-case letters, digits and _ (3-40), starting with a letter: the agent_type of its runs.">
              <Input id={`${id}-name`} value={name} onChange={(event) => setName(event.target.value)} required aria-describedby={`${id}-name-hint`} />
            </Field>
          )}
          <Field id={`${id}-description`} label="Description">
            <Input id={`${id}-description`} value={description} onChange={(event) => setDescription(event.target.value)} />
          </Field>
          <Field id={`${id}-instructions`} label="Instructions" hint="The system prompt of every run of this version.">
            <Textarea
              id={`${id}-instructions`}
              rows={5}
              value={instructions}
              onChange={(event) => setInstructions(event.target.value)}
              required
              aria-describedby={`${id}-instructions-hint`}
            />
          </Field>
          <Field id={`${id}-schema`} label="Output schema" hint="A JSON Schema of the run's output: an object schema." error={schemaCheck.problem}>
            <Textarea
              id={`${id}-schema`}
              rows={8}
              spellCheck={false}
              className="font-mono text-xs"
              value={schemaText}
              onChange={(event) => setSchemaText(event.target.value)}
              aria-invalid={schemaCheck.problem ? true : undefined}
              aria-describedby={schemaCheck.problem ? `${id}-schema-error` : `${id}-schema-hint`}
            />
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">Tools</legend>
            {tools.map((tool) => (
              <label key={tool.name} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={chosenTools.includes(tool.name)}
                  onChange={(event) =>
                    setChosenTools((current) => (event.target.checked ? [...current, tool.name] : current.filter((name) => name !== tool.name)))
                  }
                />
                <span>
                  <span className="font-mono">{tool.name}</span> <span className="text-muted-foreground">— {tool.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <Field
            id={`${id}-model`}
            label="Model"
            hint={
              agent?.model && !models.allowed.includes(agent.model)
                ? `Version ${agent.version} names ${agent.model}, which this server no longer allows: its runs are refused. Pick one of the server's models.`
                : "The model every run of this version asks: one the server allows."
            }
          >
            <Select id={`${id}-model`} value={model} onChange={(event) => setModel(event.target.value)} aria-describedby={`${id}-model-hint`} className="max-w-sm">
              <option value="">{models.default ? `Server default (${models.default})` : "Server default"}</option>
              {models.allowed
                .filter((allowed) => allowed !== models.default)
                .map((allowed) => (
                  <option key={allowed} value={allowed}>
                    {allowed}
                  </option>
                ))}
            </Select>
          </Field>
          <Field
            id={`${id}-threshold`}
            label="Review threshold"
            hint="Runs below this confidence (0-1) wait for a person; empty: the organization's threshold."
            error={thresholdProblem}
          >
            <Input
              id={`${id}-threshold`}
              inputMode="decimal"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
              aria-invalid={thresholdProblem ? true : undefined}
              className="max-w-[8rem]"
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={always} onChange={(event) => setAlways(event.target.checked)} />
            Always review: every run waits for a person
          </label>
          {agent ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5" checked={activate} onChange={(event) => setActivate(event.target.checked)} />
              <span>
                Make it active now
                <span className="block text-xs text-muted-foreground">
                  Unchecked: the version is stored inactive, to evaluate, roll out or activate later.
                </span>
              </span>
            </label>
          ) : null}
          <ErrorMessage error={create.error ?? addVersion.error} />
          <div className="flex gap-2">
            <Button type="submit" disabled={saving || Boolean(schemaCheck.problem) || Boolean(thresholdProblem)}>
              {saving ? "Saving…" : agent ? "Save version" : "Create agent"}
            </Button>
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
