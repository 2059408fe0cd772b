-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "agent_version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "triage_items" ADD COLUMN     "agent_version" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "agent_definitions" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "name" TEXT NOT NULL,
    "active_version" INTEGER NOT NULL,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "agent_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_versions" (
    "id" UUID NOT NULL,
    "agent_definition_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "description" TEXT,
    "instructions" TEXT NOT NULL,
    "output_schema" JSONB NOT NULL,
    "input_schema" JSONB,
    "tools" TEXT[],
    "review" JSONB NOT NULL,
    "model" TEXT,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_versions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "agent_definitions_organization_id_livemode_name_key" ON "agent_definitions"("organization_id", "livemode", "name");

-- CreateIndex
CREATE UNIQUE INDEX "agent_versions_agent_definition_id_version_key" ON "agent_versions"("agent_definition_id", "version");

-- AddForeignKey
ALTER TABLE "agent_definitions" ADD CONSTRAINT "agent_definitions_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_agent_definition_id_fkey" FOREIGN KEY ("agent_definition_id") REFERENCES "agent_definitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

