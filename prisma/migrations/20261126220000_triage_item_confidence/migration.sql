-- The agent's confidence in each review round's proposal, kept with the round's triage item
-- (docs/api-conventions.md, "Quality"): runs.confidence_score is the last round's, so the
-- quality report bands each decision at the confidence it was made at. New items get it in
-- the statement that opens them (src/domains/runs/run-execution.ts). Existing items:
--   1. The round whose outcome the run recorded last gets runs.confidence_score: the item of
--      the run's current review_round (review or spot check), or, for a run sent back and not
--      yet settled again (queued, running, or cancelled before its next round recorded
--      anything), the item of the round before.
--   2. Earlier rounds of a model-backed agent (assistant, custom agents): the confidence of
--      the last answer of that round in the stored transcript (rounds mark where each begins).
--   3. Earlier rounds of ap_specialist: its confidence follows from the proposal the item
--      kept (matched, the number of discrepancies), by the rule it was made with.
--   4. Anything else (e.g. an earlier round of center or rfq_generator) stays NULL: the report
--      counts that decision in `outcomes` but in no confidence band (never at a later round's
--      confidence, which is the error this column removes).

-- AlterTable
ALTER TABLE "triage_items" ADD COLUMN     "confidence_score" DOUBLE PRECISION;

-- 1. The round the run's own score belongs to.
UPDATE triage_items t SET confidence_score = r.confidence_score
FROM runs r
WHERE r.id = t.run_id
  AND (t.round = r.review_round
    OR (t.round = r.review_round - 1 AND r.status IN ('queued', 'running', 'cancelled')
      AND NOT EXISTS (SELECT 1 FROM triage_items later WHERE later.run_id = r.id AND later.round = r.review_round)));

-- 2. A model's answer (an object with a number `confidence`, maybe in a code fence), else NULL.
CREATE FUNCTION pg_temp.answer_confidence(content text) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE answer jsonb;
BEGIN
  answer := regexp_replace(regexp_replace(content, '^\s+|\s+$', '', 'g'), '^```(json)?(.*)```$', '\2')::jsonb;
  IF jsonb_typeof(answer) = 'object' AND jsonb_typeof(answer -> 'confidence') = 'number'
     AND (answer ->> 'confidence')::float8 BETWEEN 0 AND 1 THEN
    RETURN (answer ->> 'confidence')::float8;
  END IF;
  RETURN NULL;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

WITH earlier AS (
  SELECT t.id, t.round, r.model_transcript AS transcript,
    CASE WHEN t.round = 0 THEN 0 ELSE (
      SELECT min((mark ->> 'first_message')::int) FROM jsonb_array_elements(
        CASE jsonb_typeof(r.model_transcript -> 'rounds') WHEN 'array' THEN r.model_transcript -> 'rounds' ELSE '[]'::jsonb END) mark
      WHERE (mark ->> 'round')::int = t.round) END AS first_message,
    coalesce((
      SELECT min((mark ->> 'first_message')::int) FROM jsonb_array_elements(
        CASE jsonb_typeof(r.model_transcript -> 'rounds') WHEN 'array' THEN r.model_transcript -> 'rounds' ELSE '[]'::jsonb END) mark
      WHERE (mark ->> 'round')::int > t.round), 2147483647) AS next_round_message
  FROM triage_items t JOIN runs r ON r.id = t.run_id
  WHERE t.confidence_score IS NULL AND t.kind = 'review'
    AND r.agent_type NOT IN ('center', 'ap_specialist', 'rfq_generator')
    AND jsonb_typeof(r.model_transcript -> 'messages') = 'array'
),
found AS (
  SELECT e.id, (
    SELECT pg_temp.answer_confidence(m.message ->> 'content')
    FROM jsonb_array_elements(e.transcript -> 'messages') WITH ORDINALITY AS m(message, position)
    WHERE m.position - 1 >= e.first_message AND m.position - 1 < e.next_round_message
      AND m.message ->> 'role' = 'assistant' AND pg_temp.answer_confidence(m.message ->> 'content') IS NOT NULL
    ORDER BY m.position DESC LIMIT 1) AS confidence
  FROM earlier e WHERE e.first_message IS NOT NULL
)
UPDATE triage_items t SET confidence_score = found.confidence FROM found WHERE found.id = t.id AND found.confidence IS NOT NULL;

DROP FUNCTION pg_temp.answer_confidence(text);

-- 3. ap_specialist: 0.6 for one discrepancy, 0.1 less for each further one (never below 0.2);
--    without any, a 3-way match 0.95, a 2-way match 0.9, no purchase order 0.65.
UPDATE triage_items t SET confidence_score = CASE
    WHEN jsonb_array_length(t.proposed_output -> 'discrepancies') > 0
      THEN greatest(0.2, round((0.6 - 0.1 * (jsonb_array_length(t.proposed_output -> 'discrepancies') - 1))::numeric, 2))::float8
    WHEN t.proposed_output ->> 'matched' = '3-way' THEN 0.95
    WHEN t.proposed_output ->> 'matched' = '2-way' THEN 0.9
    ELSE 0.65 END
FROM runs r
WHERE r.id = t.run_id AND t.confidence_score IS NULL AND t.kind = 'review' AND r.agent_type = 'ap_specialist'
  AND jsonb_typeof(t.proposed_output -> 'discrepancies') = 'array';
