-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "delivery_secret_encrypted" TEXT;

