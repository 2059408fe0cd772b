"use client";
// Apply the recommended threshold. A custom agent gets a new version: the active version's
// whole definition with review.confidence_threshold replaced (agents.addVersion, as the
// agent form makes one). A built-in's threshold is the organization's triage_threshold
// (organization.updateSettings, admins only). The server checks the role either way.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAgentView } from "../agents/types";
import { useTRPC } from "../trpc";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { nextVersionInput } from "./next-version";
import { formatThreshold } from "./types";
import { useQualityQueryKey } from "./use-quality";

export function ApplyThreshold({
  agent,
  recommended,
  current,
  onApplied,
}: {
  agent: TAgentView;
  recommended: number;
  current: number | null;
  onApplied: (message: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const qualityKey = useQualityQueryKey();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: qualityKey }),
      queryClient.invalidateQueries({ queryKey: trpc.agents.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.agents.get.queryKey({ name: agent.name }) }),
      queryClient.invalidateQueries({ queryKey: trpc.organization.get.queryKey() }),
    ]);
  };
  const addVersion = useMutation(trpc.agents.addVersion.mutationOptions());
  const updateSettings = useMutation(trpc.organization.updateSettings.mutationOptions());
  const custom = agent.kind === "custom";
  const shown = formatThreshold(recommended);

  const apply = async () => {
    if (custom) {
      const saved = await addVersion.mutateAsync(nextVersionInput(agent, recommended));
      onApplied(`Version ${saved.agent.version} of ${agent.name} is active: its runs below confidence ${shown} wait for a person.`);
    } else {
      await updateSettings.mutateAsync({ triage_threshold: recommended });
      onApplied(`The organization's triage threshold is ${shown}: built-in agents' runs below it wait for a person.`);
    }
    await refresh();
  };

  return (
    <ConfirmDialog
      trigger={<Button>Apply {shown}</Button>}
      title={custom ? `Make version ${agent.version + 1} of ${agent.name}?` : `Set the organization's triage threshold to ${shown}?`}
      description={
        custom
          ? `A new version with the same definition as version ${agent.version} and a confidence threshold of ${shown} (now ${formatThreshold(current)}) becomes active for new runs. You can roll back on the Agents page.`
          : `Runs of every built-in agent below confidence ${shown} (now ${formatThreshold(current)}) will wait for a person. Custom agents with their own threshold keep it.`
      }
      confirmLabel={custom ? "Create the version" : "Set the threshold"}
      confirmVariant="default"
      onConfirm={apply}
    />
  );
}
