-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "ap_settings" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "rfq_sequence" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ap_invoices" (
    "run_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "vendor_key" TEXT NOT NULL,
    "invoice_number" TEXT NOT NULL,
    "invoice_key" TEXT NOT NULL,
    "invoice_date" DATE,
    "currency" TEXT NOT NULL,
    "total_cents" BIGINT NOT NULL,
    "po_key" TEXT,
    "lines" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ap_invoices_pkey" PRIMARY KEY ("run_id")
);

-- CreateIndex
CREATE INDEX "ap_invoices_organization_id_livemode_vendor_key_idx" ON "ap_invoices"("organization_id", "livemode", "vendor_key");

-- AddForeignKey
ALTER TABLE "ap_invoices" ADD CONSTRAINT "ap_invoices_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ap_invoices" ADD CONSTRAINT "ap_invoices_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

