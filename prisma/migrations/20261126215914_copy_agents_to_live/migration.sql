-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "agent_livemode" BOOLEAN;

-- AlterTable
ALTER TABLE "agent_versions" ADD COLUMN     "copied_from_test_version" INTEGER;

