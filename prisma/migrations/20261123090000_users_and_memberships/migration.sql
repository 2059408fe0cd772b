-- AlterTable
ALTER TABLE "triage_items" ADD COLUMN     "output_edited" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "resolved_by_name" TEXT;

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email_verified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "access_token" TEXT,
    "refresh_token" TEXT,
    "id_token" TEXT,
    "access_token_expires_at" TIMESTAMPTZ(3),
    "refresh_token_expires_at" TIMESTAMPTZ(3),
    "scope" TEXT,
    "password" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verifications" (
    "id" UUID NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions"("token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE INDEX "verifications_identifier_idx" ON "verifications"("identifier");

-- Backfill: every member becomes a user (one per lower-cased email; the earliest
-- membership's name and password win) holding a credential account and memberships.
INSERT INTO "users" ("id", "email", "name", "email_verified", "created_at", "updated_at")
SELECT gen_random_uuid(), "email", "name", false, "created_at", CURRENT_TIMESTAMP
FROM (
  SELECT DISTINCT ON (lower("email")) lower("email") AS "email", "name", "created_at"
  FROM "members" ORDER BY lower("email"), "created_at"
) AS "first_membership";

INSERT INTO "accounts" ("id", "user_id", "account_id", "provider_id", "password", "created_at", "updated_at")
SELECT gen_random_uuid(), u."id", u."id"::text, 'credential', m."password_hash", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP
FROM "users" u
JOIN LATERAL (
  SELECT "password_hash" FROM "members" WHERE lower("email") = u."email" ORDER BY "created_at" LIMIT 1
) m ON true;

ALTER TABLE "members" ADD COLUMN "user_id" UUID;
UPDATE "members" m SET "user_id" = u."id" FROM "users" u WHERE u."email" = lower(m."email");
-- Two memberships of one person in one organization collapse into the earliest.
DELETE FROM "members" m USING "members" earlier
WHERE m."user_id" = earlier."user_id" AND m."organization_id" = earlier."organization_id"
  AND (earlier."created_at", earlier."id") < (m."created_at", m."id");
ALTER TABLE "members" ALTER COLUMN "user_id" SET NOT NULL;

-- DropIndex
DROP INDEX "members_email_idx";

-- DropIndex
DROP INDEX "members_organization_id_email_key";

-- AlterTable
ALTER TABLE "members" DROP COLUMN "email",
DROP COLUMN "name",
DROP COLUMN "password_hash";

-- CreateIndex
CREATE INDEX "members_user_id_idx" ON "members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "members_organization_id_user_id_key" ON "members"("organization_id", "user_id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

