// The run page shows the tokens a model-backed run used (model_usage) and nothing of the
// kind for a run that used no model. The shared dashboard server has no model configured,
// so the usage is written onto a settled run as the execution would have recorded it.
import { withDatabase } from "../helpers/database.ts";
import { api, baseUrl, createWorkspace, expect, signIn, test, waitForRun } from "./support.ts";

test("the run page shows the model, its calls and the tokens used", async ({ page }) => {
  const workspace = await createWorkspace("Model Usage Co");
  const post = async (task: string) => {
    const created = await api(workspace.apiKey, "POST", "/v1/run", { task, agent_type: "rfq_generator", data: { items: [{ description: "lamps", quantity: 3 }] } });
    expect(created.status).toBe(202);
    await waitForRun(workspace.apiKey, created.body.run_id);
    return created.body.run_id as string;
  };
  const withModel = await post("Quote 3 lamps");
  const withoutModel = await post("Quote 3 more lamps");
  await withDatabase(process.env.E2E_DATABASE_URL!, (client) =>
    client.query("UPDATE runs SET model_usage = $2::jsonb WHERE id = $1", [withModel, JSON.stringify({ model: "llama3.2:3b", calls: 2, input_tokens: 12345, output_tokens: 678 })]),
  );

  await signIn(page, workspace.viewer);
  await page.goto(`${baseUrl()}/runs/${withModel}`);
  const usage = page.getByTestId("run-model-usage");
  await expect(usage).toContainText("llama3.2:3b");
  await expect(usage).toContainText("Model calls2");
  await expect(usage).toContainText("Input tokens12,345");
  await expect(usage).toContainText("Output tokens678");

  await page.goto(`${baseUrl()}/runs/${withoutModel}`);
  await expect(page.getByTestId("run-status")).toContainText("completed");
  await expect(page.getByTestId("run-model-usage")).toHaveCount(0);
});
