"use client";
// "New batch from CSV": the file (or pasted text) is read in the browser, the person maps its
// headers onto the agent's input schema (batches.inputSchema; csv-mapping-step.tsx), optionally
// groups rows into items by a key column (csv-grouping.ts), every line is checked, and nothing
// is sent until it is clean; then batches.create (as POST /v1/batches), which checks every row
// against the same schema, and the mapping is saved for the agent type (batches.saveCsvMapping).
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
import { CsvCheck } from "./csv-check";
import { MAX_CSV_COLUMNS, MAX_CSV_HEADER_LENGTH, readCsvTable } from "./csv";
import { groupCsvRows } from "./csv-grouping";
import { CsvMappingStep } from "./csv-mapping-step";
import { suggestTargets, type TTargetChoice } from "./csv-targets";
import { runDetached } from "../lib/detached";

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
  const savedMapping = useQuery({ ...trpc.batches.csvMapping.queryOptions({ agent_type: agentType }), enabled: open });
  const table = useMemo(() => (text.trim() ? readCsvTable(text) : null), [text]);
  const schema = inputSchema.data?.agent_type === agentType ? inputSchema.data.input_schema : undefined;
  const saved = savedMapping.data?.agent_type === agentType ? savedMapping.data.mapping : null;
  // The person's choices hold for this file and agent type; a new header row or agent starts
  // again from the suggestion (the saved mapping, else headers that name a field).
  const signature = table ? `${agentType}\u0000${table.header.join("\u0000")}` : "";
  const [edited, setEdited] = useState<{ signature: string; choice: TTargetChoice } | null>(null);
  const suggested = useMemo(() => (table && schema ? suggestTargets(table.header, schema, agentType, saved) : null), [table, schema, agentType, saved]);
  const choice = edited?.signature === signature ? edited.choice : suggested;
  // The readable lines are mapped even when others are broken, so every problem shows at once.
  const mapped = useMemo(() => (table && schema && choice && table.rows.length > 0 ? groupCsvRows(table, choice, schema, agentType) : null), [table, schema, choice, agentType]);
  const problems = useMemo(
    () => [...(table?.problems ?? []), ...(mapped?.problems ?? [])].sort((left, right) => (left.line ?? 0) - (right.line ?? 0)),
    [table, mapped],
  );
  const ready = table !== null && mapped !== null && problems.length === 0 && mapped.rows.length > 0;

  const saveMapping = useMutation(trpc.batches.saveCsvMapping.mutationOptions());

  const create = useMutation(
    trpc.batches.create.mutationOptions({
      onSuccess: async ({ job }) => {
        await rememberMapping();
        await queryClient.invalidateQueries({ queryKey: trpc.batches.list.queryKey() });
        router.push(`/batches/${job.id}`);
      },
    }),
  );

  /** Kept for next time; a mapping that cannot be saved does not undo the batch. */
  async function rememberMapping() {
    if (!table || !choice) return;
    const columns = table.header
      .filter((header) => header !== "" && header.length <= MAX_CSV_HEADER_LENGTH)
      .slice(0, MAX_CSV_COLUMNS)
      .map((header) => ({ header, target: choice.targets[header] ?? "" }));
    const keyColumn = choice.keyColumn && choice.keyColumn.length <= MAX_CSV_HEADER_LENGTH ? choice.keyColumn : null;
    try {
      await saveMapping.mutateAsync({ agent_type: agentType, columns, key_column: keyColumn });
      await queryClient.invalidateQueries({ queryKey: trpc.batches.csvMapping.queryKey({ agent_type: agentType }) });
    } catch {
      // Shown nowhere on purpose: the batch exists; next time the headers are mapped again.
    }
  }

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
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>New batch from CSV</DialogTitle>
          <DialogDescription>
            Your file with a header row: map each column to the task or a field of the agent&apos;s input (headers such as{" "}
            <code>invoice.total</code> map themselves). Choose a key column (an invoice number) to make one item of the rows that share it,
            one list element (<code>invoice.lines[]</code>) per row. Numbers and yes/no are converted; empty cells are left out; 1 to 500 items.
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
            <Input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => runDetached(readFile(event.target.files?.[0]), "reading the CSV file")} />
          </Field>
          <Field id={`${id}-text`} label="Or paste CSV" hint="Choosing a file puts its contents here; you can fix lines before creating.">
            <Textarea
              id={`${id}-text`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={6}
              spellCheck={false}
              className="font-mono text-xs"
              placeholder={"Invoice Number,Vendor,Qty\nINV-1,Acme,10"}
              aria-describedby={problems.length ? `${id}-problems` : undefined}
            />
          </Field>
          {inputSchema.error ? <ErrorMessage error={inputSchema.error} /> : null}
          {inputSchema.error ? null : savedMapping.error ? <ErrorMessage error={savedMapping.error} /> : null}
          {/* What the check found comes first, so a problem is seen without scrolling past the mapping. */}
          {table ? <CsvCheck problems={problems} rowCount={mapped?.rows.length ?? 0} lineCount={table.rows.length} problemsId={`${id}-problems`} /> : null}
          {table && schema && choice && table.header.length > 0 ? (
            <CsvMappingStep id={id} table={table} schema={schema} agentType={agentType} choice={choice} onChange={(next) => setEdited({ signature, choice: next })} />
          ) : null}
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
