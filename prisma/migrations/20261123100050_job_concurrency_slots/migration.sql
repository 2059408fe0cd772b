-- CreateTable
CREATE TABLE "job_concurrency_slots" (
    "function_id" TEXT NOT NULL,
    "concurrency_key" TEXT NOT NULL,
    "running" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "job_concurrency_slots_pkey" PRIMARY KEY ("function_id","concurrency_key")
);


-- A keyed job entering `running` takes a slot of its key, or is not claimed at all: the
-- BEFORE trigger skips the row (RETURN NULL) when the key is at its limit. The slot row is
-- locked until the claim commits and re-read by every waiting claimer, so concurrent
-- executors in any number of processes never exceed the limit.
CREATE FUNCTION job_concurrency_take_slot() RETURNS trigger AS $$
BEGIN
  INSERT INTO job_concurrency_slots AS slot (function_id, concurrency_key, running)
  VALUES (NEW.function_id, NEW.concurrency_key, 1)
  ON CONFLICT (function_id, concurrency_key) DO UPDATE SET running = slot.running + 1
  WHERE slot.running < NEW.concurrency_limit;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

-- Leaving `running` by any path (completed, failed, requeued, lease reclaimed, deleted)
-- gives the slot back.
CREATE FUNCTION job_concurrency_release_slot() RETURNS trigger AS $$
BEGIN
  UPDATE job_concurrency_slots SET running = GREATEST(running - 1, 0)
  WHERE function_id = OLD.function_id AND concurrency_key = OLD.concurrency_key;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER job_concurrency_take_slot BEFORE UPDATE OF status ON job_runs FOR EACH ROW
  WHEN (NEW.status = 'running' AND OLD.status <> 'running' AND NEW.concurrency_key IS NOT NULL AND NEW.concurrency_limit IS NOT NULL)
  EXECUTE FUNCTION job_concurrency_take_slot();

CREATE TRIGGER job_concurrency_release_slot AFTER UPDATE OF status ON job_runs FOR EACH ROW
  WHEN (OLD.status = 'running' AND NEW.status <> 'running' AND OLD.concurrency_key IS NOT NULL AND OLD.concurrency_limit IS NOT NULL)
  EXECUTE FUNCTION job_concurrency_release_slot();

CREATE TRIGGER job_concurrency_release_deleted_slot AFTER DELETE ON job_runs FOR EACH ROW
  WHEN (OLD.status = 'running' AND OLD.concurrency_key IS NOT NULL AND OLD.concurrency_limit IS NOT NULL)
  EXECUTE FUNCTION job_concurrency_release_slot();

-- Jobs running when this migration applies hold their slots.
INSERT INTO job_concurrency_slots (function_id, concurrency_key, running)
SELECT function_id, concurrency_key, count(*) FROM job_runs
WHERE status = 'running' AND concurrency_key IS NOT NULL AND concurrency_limit IS NOT NULL
GROUP BY function_id, concurrency_key;
