-- CreateTable
CREATE TABLE "test_mode_model_runs" (
    "organization_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "test_mode_model_runs_pkey" PRIMARY KEY ("organization_id","day")
);
