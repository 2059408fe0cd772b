-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "model_transcript" JSONB,
ADD COLUMN     "model_usage" JSONB;

