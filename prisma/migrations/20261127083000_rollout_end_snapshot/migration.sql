-- The candidate's judged and agreed counts when the guard rolled a rollout back: the
-- agent.rollout.rolled_back event carries them, and a resend rebuilds the same body from them.
ALTER TABLE "rollouts" ADD COLUMN "ended_judged" INTEGER,
ADD COLUMN "ended_agreed" INTEGER;
