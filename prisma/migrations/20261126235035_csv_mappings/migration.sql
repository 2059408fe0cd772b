-- CreateTable
CREATE TABLE "csv_mappings" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "agent_type" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    "key_column" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "csv_mappings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "csv_mappings_organization_id_livemode_agent_type_key" ON "csv_mappings"("organization_id", "livemode", "agent_type");

-- AddForeignKey
ALTER TABLE "csv_mappings" ADD CONSTRAINT "csv_mappings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

