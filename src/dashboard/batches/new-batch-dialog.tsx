"use client";
// "New batch from CSV": the file (or pasted text) is checked line by line in the browser,
// its columns mapped onto the agent's input schema (batches.inputSchema; csv-mapping.ts) and
// each row checked against it, and nothing is sent until it is clean; then batches.create
// (as POST /v1/batches), which checks every row against the same schema.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UploadIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { AGENT_TYPES, type TAgentType } from "../../domains/agents/agent-types";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "../ui/dialog";
import { ErrorMessage } from "../ui/feedback";
import { Field, Input, Select, Textarea } from "../ui/input";
import { ColumnMapping, CsvCheck } from "./csv-check";
import { parseBatchCsv } from "./csv";
import { mapRows } from "./csv-mapping";

export function NewBatchDialog() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [agentType, setAgentType] = useState<TAgentType>("center");
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const inputSchema = useQuery({ ...trpc.batches.inputSchema.queryOptions({ agent_type: agentType }), staleTime: Infinity });
  const parsed = useMemo(() => (text.trim() ? parseBatchCsv(text) : null), [text]);
  const schema = inputSchema.data?.agent_type === agentType ? inputSchema.data.input_schema : undefined;
  // Mapped only once the file itself is sound: a line error comes first, as before.
  const mapped = useMemo(
    () => (parsed && schema && parsed.problems.length === 0 ? mapRows(parsed.rows, parsed.lines, parsed.columns, schema, agentType) : null),
    [parsed, schema, agentType],
  );
  const problems = parsed ? (parsed.problems.length > 0 ? parsed.problems : (mapped?.problems ?? [])) : [];
  const ready = parsed !== null && mapped !== null && problems.length === 0 && mapped.rows.length > 0;

  const create = useMutation(
    trpc.batches.create.mutationOptions({
      onSuccess: async ({ job }) => {
        await queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });
        router.push(`/batches/${job.id}`);
      },
    }),
  );

  async function readFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    try {
      setText(await file.text());
    } catch {
      setFileError("The file could not be read. Try again, or paste its contents below.");
    }
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready || create.isPending) return;
    create.mutate({ agent_type: agentType, rows: mapped.rows, ...(name.trim() ? { name: name.trim() } : {}) });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UploadIcon aria-hidden /> New batch from CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>New batch from CSV</DialogTitle>
          <DialogDescription>
            A header row with a <code>task</code> column, then one row per line (1 to 500). Every other column goes into the row&apos;s{" "}
            <code>data</code> as the agent&apos;s input schema says: dotted headers build nested fields (<code>invoice.total</code>), a
            JSON cell fills a list (<code>invoice.lines</code>), numbers and yes/no are converted; empty cells are left out.
          </DialogDescription>
        </DialogHeader>
        <form className="grid min-w-0 gap-4" onSubmit={submit} aria-label="New batch from CSV">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-agent`} label="Agent type">
              <Select id={`${id}-agent`} value={agentType} onChange={(event) => setAgentType(event.target.value as TAgentType)}>
                {AGENT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={`${id}-name`} label="Name (optional)">
              <Input id={`${id}-name`} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} placeholder="March supplier quotes" />
            </Field>
          </div>
          <Field id={`${id}-file`} label="CSV file" error={fileError ?? undefined}>
            <Input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void readFile(event.target.files?.[0])} />
          </Field>
          <Field id={`${id}-text`} label="Or paste CSV" hint="Choosing a file puts its contents here; you can fix lines before creating.">
            <Textarea
              id={`${id}-text`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={6}
              spellCheck={false}
              className="font-mono text-xs"
              placeholder={"task,supplier\nQuote 200 M8 bolts,Acme"}
              aria-describedby={problems.length ? `${id}-problems` : undefined}
            />
          </Field>
          {inputSchema.error ? <ErrorMessage error={inputSchema.error} /> : null}
          {parsed ? (
            <CsvCheck problems={problems} rowCount={parsed.rows.length} columns={parsed.columns} problemsId={`${id}-problems`} />
          ) : null}
          {mapped ? <ColumnMapping mappings={mapped.mappings} agentType={agentType} /> : null}
          <ErrorMessage error={create.error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Close
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!ready || create.isPending}>
              {create.isPending ? "Creating…" : ready ? `Create batch (${mapped.rows.length} rows)` : "Create batch"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
